import { describe, expect, it } from "vitest";

import { encodeWav } from "./wav";

describe("encodeWav", () => {
  it("writes a 16-bit PCM mono RIFF/WAVE file, mixing channels down", () => {
    const left = new Float32Array([0, 1, -1, 0.5]);
    const right = new Float32Array([0, 1, -1, -0.5]);
    const view = new DataView(encodeWav([left, right], 16_000));
    const text = (offset: number, length: number) =>
      String.fromCharCode(...new Uint8Array(view.buffer, offset, length));

    expect(view.byteLength).toBe(44 + 4 * 2);
    expect(text(0, 4)).toBe("RIFF");
    expect(view.getUint32(4, true)).toBe(36 + 8);
    expect(text(8, 4)).toBe("WAVE");
    expect(text(12, 4)).toBe("fmt ");
    expect(view.getUint16(20, true)).toBe(1);
    expect(view.getUint16(22, true)).toBe(1);
    expect(view.getUint32(24, true)).toBe(16_000);
    expect(view.getUint32(28, true)).toBe(32_000);
    expect(view.getUint16(34, true)).toBe(16);
    expect(text(36, 4)).toBe("data");
    expect(view.getUint32(40, true)).toBe(8);
    expect([0, 1, 2, 3].map((i) => view.getInt16(44 + i * 2, true))).toEqual([0, 32767, -32768, 0]);
  });

  it("clips samples outside -1..1", () => {
    const view = new DataView(encodeWav([new Float32Array([3, -3])], 8000));
    expect([view.getInt16(44, true), view.getInt16(46, true)]).toEqual([32767, -32768]);
  });
});
