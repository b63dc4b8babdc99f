import { layerColour, layerPathCount, type DrawingGeometry } from '@/features/viewer/lib/drawing';

type Props = {
  geometry: DrawingGeometry;
  hidden: ReadonlySet<string>;
  onToggle: (layer: string) => void;
};

/** A drawing's layers, each switched on and off with its checkbox, with its colour and line count. */
export function LayerList({ geometry, hidden, onToggle }: Props) {
  return (
    <section aria-label="Layers" className="border-b p-3">
      <h2 className="mb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">Layers</h2>
      {geometry.truncated ? (
        <p className="mb-1 text-xs text-amber-800">
          This drawing has more lines than the viewer draws at once: the first 400,000 points are shown.
        </p>
      ) : null}
      <ul className="grid max-h-48 grid-cols-[minmax(0,1fr)] gap-0.5 overflow-y-auto">
        {geometry.layers.map((layer) => (
          <li key={layer.name}>
            <label className="flex cursor-pointer items-center gap-2 rounded px-1 py-0.5 text-sm hover:bg-muted">
              <input
                type="checkbox"
                className="size-4"
                checked={!hidden.has(layer.name)}
                onChange={() => onToggle(layer.name)}
              />
              <span className="size-2.5 shrink-0 rounded-sm" style={{ background: layerColour(layer) }} aria-hidden />
              <span className="min-w-0 flex-1 truncate">{layer.name}</span>
              <span className="text-xs text-muted-foreground tabular-nums">{layerPathCount(layer)}</span>
            </label>
          </li>
        ))}
      </ul>
    </section>
  );
}
