const MB = 1024 * 1024;

/** A file's size as the lists show it: '512 B', '340 KB', '12.5 MB'. */
export function formatSize(bytes: number): string {
  if (bytes >= MB) return `${(bytes / MB).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}
