import { Check, PackagePlus, Pencil, Trash2, X } from 'lucide-react';
import { Fragment, useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { formatQuantity, type TakeoffGroup, type TakeoffRow } from '@/features/viewer/lib/takeoff';
import type { NotedRoom, RoomNote } from '@/features/viewer/lib/takeoff-notes';

type Props = {
  groups: TakeoffGroup[];
  selectedKey: string | null;
  onSelect: (row: TakeoffRow) => void;
  onSend: (row: TakeoffRow) => void;
  onDelete: (row: TakeoffRow) => void;
  /** Renames one of the user's measurements; resolves once saved. */
  onRename: (row: TakeoffRow, name: string) => Promise<void>;
  /** Takes a hole (by its place in `row.holes`) out of an area the user measured. */
  onRemoveHole: (row: TakeoffRow, hole: number) => void;
  /** What a hole of a row takes off its area, in SF; null when the page has no scale. */
  holeArea: (row: TakeoffRow, hole: number) => number | null;
  sending: string | null;
  /** Said above the list: why something is missing (an older analysis, items that did not load). */
  notes: string[];
  /** The page's rooms to check: not measured, or divided by the analysis's guess; folded under a count. */
  roomNotes?: RoomNote[];
  /** Shows a room a note names on the sheet. */
  onShowRoom?: (room: NotedRoom) => void;
  empty: string;
  className?: string;
};

/** The takeoff of the shown page, grouped and totalled; a row selects its thing on the sheet. */
export function TakeoffList({
  groups,
  selectedKey,
  onSelect,
  onSend,
  onDelete,
  onRename,
  onRemoveHole,
  holeArea,
  sending,
  notes,
  roomNotes = [],
  onShowRoom,
  empty,
  className,
}: Props) {
  const [renaming, setRenaming] = useState<string | null>(null);
  const selectedRef = useRef<HTMLLIElement>(null);
  useEffect(() => {
    selectedRef.current?.scrollIntoView({ block: 'nearest' });
  }, [selectedKey]);

  return (
    <div className={cn('grid grid-cols-[minmax(0,1fr)] content-start gap-4 p-3', className)} data-testid="takeoff-list">
      {notes.map((note) => (
        <p key={note} className="rounded-md border border-amber-300 bg-amber-50 p-2 text-xs text-amber-900">
          {note}
        </p>
      ))}
      {roomNotes.length ? (
        <details className="rounded-md border border-amber-300 bg-amber-50 p-2 text-xs text-amber-900">
          <summary className="cursor-pointer font-medium">
            {roomNotes.length === 1 ? '1 note' : `${roomNotes.length} notes`} on rooms to check: draw a boundary with
            Boundary (B)
          </summary>
          <ul className="mt-1 grid list-disc gap-2 pl-4">
            {roomNotes.map((note) => (
              <li key={note.message}>
                <p>{note.message}</p>
                {onShowRoom ? (
                  <p className="mt-0.5 flex flex-wrap gap-x-2">
                    {note.rooms.map((room, at) => (
                      <button
                        key={at}
                        type="button"
                        className="font-medium underline underline-offset-2"
                        title="Show it on the sheet"
                        aria-label={`Show ${room.name} on the sheet`}
                        onClick={() => onShowRoom(room)}
                      >
                        {room.name}
                      </button>
                    ))}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {groups.length === 0 ? <p className="text-sm text-muted-foreground">{empty}</p> : null}
      {groups.map((group) => (
        <section key={group.id} aria-labelledby={`takeoff-${group.id}`}>
          <h3 id={`takeoff-${group.id}`} className="flex items-baseline justify-between gap-2 text-sm font-semibold">
            {group.title}
            <span className="text-xs font-normal text-muted-foreground">
              {group.totals.map((total) => `${formatQuantity(total.quantity)} ${total.unit}`).join(' · ')}
            </span>
          </h3>
          <ul className="mt-1 grid grid-cols-[minmax(0,1fr)] gap-1">
            {group.rows.map((row) => {
              const selected = row.key === selectedKey;
              return (
                <Fragment key={row.key}>
                  <li
                    ref={selected ? selectedRef : undefined}
                    className={cn(
                      'flex items-center gap-1 rounded-md border bg-background pr-1',
                      selected && 'border-primary bg-primary/5 ring-1 ring-primary',
                    )}
                  >
                    {renaming === row.key ? (
                      <RenameForm
                        row={row}
                        onDone={() => setRenaming(null)}
                        onSave={(name) => onRename(row, name).then(() => setRenaming(null))}
                      />
                    ) : (
                      <button
                        type="button"
                        className="min-w-0 flex-1 px-2 py-1.5 text-left"
                        aria-pressed={selected}
                        onClick={() => onSelect(row)}
                      >
                        <span className="flex items-baseline justify-between gap-2">
                          <span className="truncate text-sm">{row.label}</span>
                          <span className="shrink-0 text-sm font-medium tabular-nums">
                            {formatQuantity(row.quantity)} {row.unit}
                          </span>
                        </span>
                        {row.detail ? (
                          <span className="line-clamp-2 text-xs break-words text-muted-foreground" title={row.detail}>
                            {row.detail}
                          </span>
                        ) : null}
                      </button>
                    )}
                    <Button
                      variant="ghost"
                      size="icon"
                      className="size-7 shrink-0"
                      title="Send to materials"
                      aria-label={`Send ${row.label} to materials`}
                      disabled={sending === row.key}
                      onClick={() => onSend(row)}
                    >
                      <PackagePlus />
                    </Button>
                    {row.itemId && renaming !== row.key ? (
                      <Button
                        variant="ghost"
                        size="icon"
                        className="size-7 shrink-0"
                        title="Rename this measurement"
                        aria-label={`Rename ${row.label}`}
                        onClick={() => setRenaming(row.key)}
                      >
                        <Pencil />
                      </Button>
                    ) : null}
                    {row.itemId ? (
                      <Button
                        variant="ghost"
                        size="icon"
                        className="size-7 shrink-0"
                        title="Delete this measurement"
                        aria-label={`Delete ${row.label}`}
                        onClick={() => onDelete(row)}
                      >
                        <Trash2 />
                      </Button>
                    ) : null}
                  </li>
                  {selected && row.itemId && row.holes?.length ? (
                    <HoleRows row={row} holeArea={holeArea} onRemove={(hole) => onRemoveHole(row, hole)} />
                  ) : null}
                </Fragment>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** The holes cut in the selected area, each with what it takes off and a way to take it back out. */
function HoleRows({
  row,
  holeArea,
  onRemove,
}: {
  row: TakeoffRow;
  holeArea: Props['holeArea'];
  onRemove: (hole: number) => void;
}) {
  return (
    <li aria-label={`Holes in ${row.label}`}>
      <ul className="ml-4 grid gap-1 border-l pl-2">
        {row.holes!.map((_, index) => {
          const area = holeArea(row, index);
          return (
            <li key={index} className="flex items-center justify-between gap-2 text-xs text-muted-foreground">
              <span>Hole {index + 1}</span>
              <span className="ml-auto tabular-nums">{area === null ? '' : `−${formatQuantity(area)} SF`}</span>
              <Button
                variant="ghost"
                size="icon"
                className="size-7 shrink-0"
                title="Remove this hole: its area counts again"
                aria-label={`Remove hole ${index + 1} from ${row.label}`}
                onClick={() => onRemove(index)}
              >
                <X />
              </Button>
            </li>
          );
        })}
      </ul>
    </li>
  );
}

function RenameForm({
  row,
  onSave,
  onDone,
}: {
  row: TakeoffRow;
  onSave: (name: string) => Promise<void>;
  onDone: () => void;
}) {
  const [name, setName] = useState(row.label);
  const [busy, setBusy] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed || trimmed === row.label) return onDone();
    setBusy(true);
    onSave(trimmed).catch(() => setBusy(false));
  };
  return (
    <form className="flex min-w-0 flex-1 items-center gap-1 p-1" onSubmit={submit}>
      <Input
        aria-label={`New name for ${row.label}`}
        className="h-7 min-w-0 flex-1 text-sm"
        value={name}
        autoFocus
        maxLength={200}
        onChange={(event) => setName(event.target.value)}
        onKeyDown={(event) => event.key === 'Escape' && (event.stopPropagation(), onDone())}
      />
      <Button
        type="submit"
        variant="ghost"
        size="icon"
        className="size-7 shrink-0"
        aria-label="Save the name"
        disabled={busy}
      >
        <Check />
      </Button>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="size-7 shrink-0"
        aria-label="Cancel renaming"
        onClick={onDone}
      >
        <X />
      </Button>
    </form>
  );
}
