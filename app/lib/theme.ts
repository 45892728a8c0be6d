// Colours from settings end up inside a <style> tag: only plain hex colours pass, so a settings
// value can never inject CSS.
const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

export function isHexColor(value: string): boolean {
  return HEX_COLOR.test(value);
}

export function safeColor(value: string | null | undefined): string | undefined {
  return value && isHexColor(value.trim()) ? value.trim() : undefined;
}
