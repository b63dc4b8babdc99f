/**
 * AutoCAD Color Index (ACI) numbers as #rrggbb. 1–9 are named colours, 10–249
 * are 24 hues in 15° steps, each at five brightnesses, full and half saturation,
 * and 250–255 are greys. ACI 7 is the foreground colour: white on AutoCAD's dark
 * screen, black on paper, so black here (the viewer draws on a white sheet).
 */
const NAMED: Record<number, [number, number, number]> = {
  1: [255, 0, 0],
  2: [255, 255, 0],
  3: [0, 255, 0],
  4: [0, 255, 255],
  5: [0, 0, 255],
  6: [255, 0, 255],
  7: [0, 0, 0],
  8: [128, 128, 128],
  9: [192, 192, 192],
};
const BRIGHTNESS = [255, 204, 153, 127, 76];
const GREYS = [51, 91, 132, 173, 214, 255];

const hex = (rgb: readonly number[]) => `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;

export function aciToHex(index: number): string | undefined {
  if (!Number.isInteger(index) || index < 1 || index > 255) return undefined;
  const named = NAMED[index];
  if (named) return hex(named);
  if (index >= 250) {
    const grey = GREYS[index - 250]!;
    return hex([grey, grey, grey]);
  }
  const step = index - 10;
  const hue = Math.floor(step / 10) * 15;
  const shade = step % 10;
  const value = BRIGHTNESS[Math.floor(shade / 2)]!;
  // The fully saturated hue at full value (HSV), channels 0…1.
  const channel = (n: number) => {
    const k = (n + hue / 60) % 6;
    return 1 - Math.max(0, Math.min(k, 4 - k, 1));
  };
  const full = [channel(5), channel(3), channel(1)];
  // Odd numbers are the half-saturated tint of the same hue.
  const rgb = full.map((c) => Math.floor(value * (shade % 2 === 1 ? 0.5 + c / 2 : c)));
  return hex(rgb);
}

export function trueColourToHex(rgb: number): string {
  return `#${(rgb & 0xffffff).toString(16).padStart(6, '0')}`;
}
