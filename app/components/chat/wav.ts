// The spec's voice format is WAV, but browsers record webm/opus: the recording is decoded and
// written out as 16-bit PCM mono WAV (RIFF/WAVE) before it is sent.

/** Speech needs no more; 16 kHz mono keeps a minute of voice under 2 MB. */
export const VOICE_SAMPLE_RATE = 16_000;

/** A 16-bit PCM mono WAV file of the given channels, mixed down. */
export function encodeWav(channels: Float32Array[], sampleRate: number): ArrayBuffer {
  const frames = channels[0]?.length ?? 0;
  const dataBytes = frames * 2;
  const buffer = new ArrayBuffer(44 + dataBytes);
  const view = new DataView(buffer);
  const text = (offset: number, value: string) => {
    for (let i = 0; i < value.length; i++) view.setUint8(offset + i, value.charCodeAt(i));
  };
  text(0, "RIFF");
  view.setUint32(4, 36 + dataBytes, true);
  text(8, "WAVE");
  text(12, "fmt ");
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true); // bytes per second
  view.setUint16(32, 2, true); // bytes per frame
  view.setUint16(34, 16, true); // bits per sample
  text(36, "data");
  view.setUint32(40, dataBytes, true);
  for (let frame = 0; frame < frames; frame++) {
    let sum = 0;
    for (const channel of channels) sum += channel[frame];
    const sample = Math.max(-1, Math.min(1, sum / channels.length));
    view.setInt16(44 + frame * 2, sample < 0 ? sample * 0x8000 : sample * 0x7fff, true);
  }
  return buffer;
}

/** Decodes any recording the browser can play (webm/opus, ogg, mp4) and re-encodes it as WAV. */
export async function recordingToWav(recording: Blob): Promise<Blob> {
  // decodeAudioData resamples to the context's rate; an offline context needs no audio device.
  const context = new OfflineAudioContext(1, 1, VOICE_SAMPLE_RATE);
  const audio = await context.decodeAudioData(await recording.arrayBuffer());
  const channels = Array.from({ length: audio.numberOfChannels }, (_, i) => audio.getChannelData(i));
  return new Blob([encodeWav(channels, audio.sampleRate)], { type: "audio/wav" });
}
