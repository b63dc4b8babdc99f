import { Bot, FileSpreadsheet, FileText, Sparkles, User } from 'lucide-react';
import type { ReactNode } from 'react';
import { IllustrativeLabel } from './Section';

/** Every figure on these panels is illustrative: made up to show the product, not measured. */
function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <figure className="overflow-hidden rounded-2xl border bg-white shadow-xl shadow-slate-900/5">
      <figcaption className="flex items-center justify-between gap-3 border-b bg-slate-50 px-4 py-3">
        <span className="flex items-center gap-2 text-sm font-semibold text-slate-800">
          <span className="hidden gap-1 sm:flex" aria-hidden="true">
            <span className="size-2.5 rounded-full bg-slate-300" />
            <span className="size-2.5 rounded-full bg-slate-300" />
            <span className="size-2.5 rounded-full bg-slate-300" />
          </span>
          {title}
        </span>
        <IllustrativeLabel />
      </figcaption>
      {children}
    </figure>
  );
}

export function ChatDemo() {
  return (
    <Panel title="Project chat · Warehouse slab">
      <div className="space-y-4 p-4 text-sm sm:p-5">
        <div className="flex items-start justify-end gap-2">
          <p className="max-w-[85%] rounded-2xl rounded-tr-sm bg-primary px-3 py-2.5 sm:px-4 text-primary-foreground">
            How many cubic yards of concrete for the slab and footings on S-101?
          </p>
          <User className="mt-1 size-5 shrink-0 text-slate-400" aria-hidden="true" />
        </div>
        <div className="flex items-start gap-2">
          <Bot className="mt-1 size-5 shrink-0 text-primary" aria-hidden="true" />
          <div className="max-w-[90%] space-y-2 rounded-2xl rounded-tl-sm bg-slate-100 px-4 py-3 text-slate-800">
            <p>From S-101 and the general notes:</p>
            <ul className="space-y-1">
              <li className="flex justify-between gap-6">
                <span>Slab on grade, 4 in. · 2,400 sq ft</span>
                <span className="font-semibold whitespace-nowrap tabular-nums">29.6 cu yd</span>
              </li>
              <li className="flex justify-between gap-6">
                <span>Footings 20 × 10 in. · 212 lf</span>
                <span className="font-semibold whitespace-nowrap tabular-nums">10.9 cu yd</span>
              </li>
              <li className="flex justify-between gap-6 border-t border-slate-300 pt-1">
                <span>Total with 5% waste</span>
                <span className="font-semibold whitespace-nowrap tabular-nums">42.6 cu yd</span>
              </li>
            </ul>
          </div>
        </div>
        <p className="flex items-center gap-1.5 pl-7 text-xs text-muted-foreground">
          <Sparkles className="size-3.5 text-primary" aria-hidden="true" />2 items added to the materials list
        </p>
      </div>
    </Panel>
  );
}

const materials = [
  ['Concrete, 4 in. slab', '29.6', 'cu yd', 'AI'],
  ['Concrete, footings', '10.9', 'cu yd', 'AI'],
  ['#4 rebar', '1,840', 'ft', 'AI'],
  ['2×6 studs, 9 ft', '412', 'ea', 'AI'],
  ['5/8 in. Type X drywall', '6,480', 'sq ft', 'Manual'],
] as const;

export function MaterialsDemo() {
  return (
    <Panel title="Materials · Warehouse slab">
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="text-xs text-muted-foreground uppercase">
            <tr className="border-b">
              <th scope="col" className="px-3 py-2.5 sm:px-4 font-medium">
                Material
              </th>
              <th scope="col" className="px-3 py-2.5 sm:px-4 text-right font-medium">
                Qty
              </th>
              <th scope="col" className="px-3 py-2.5 sm:px-4 font-medium">
                Unit
              </th>
              <th scope="col" className="px-3 py-2.5 sm:px-4 font-medium">
                Source
              </th>
            </tr>
          </thead>
          <tbody>
            {materials.map(([name, qty, unit, source]) => (
              <tr key={name} className="border-b last:border-0">
                <td className="px-3 py-2.5 sm:px-4 font-medium text-slate-800">{name}</td>
                <td className="px-3 py-2.5 text-right whitespace-nowrap tabular-nums sm:px-4">{qty}</td>
                <td className="px-3 py-2.5 whitespace-nowrap text-muted-foreground sm:px-4">{unit}</td>
                <td className="px-3 py-2.5 sm:px-4">
                  <span
                    className={
                      source === 'AI'
                        ? 'rounded bg-accent px-1.5 py-0.5 text-xs font-medium text-accent-foreground'
                        : 'rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-700'
                    }
                  >
                    {source}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="flex justify-end border-t bg-slate-50 px-4 py-3">
        <span className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-700">
          <FileSpreadsheet className="size-4 text-emerald-700" aria-hidden="true" />
          Export to Excel
        </span>
      </div>
    </Panel>
  );
}

const estimateLines = [
  ['Materials', '$48,200.00'],
  ['Labor', '$61,500.00'],
  ['Equipment', '$7,800.00'],
  ['Overhead (15%)', '$17,625.00'],
  ['Profit (10%)', '$13,512.50'],
] as const;

export function EstimateDemo() {
  return (
    <Panel title="Estimate · Warehouse slab">
      <div className="p-4 sm:p-5">
        <dl className="space-y-2 text-sm">
          {estimateLines.map(([label, amount]) => (
            <div key={label} className="flex justify-between gap-4">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="font-medium text-slate-800 tabular-nums">{amount}</dd>
            </div>
          ))}
          <div className="flex justify-between gap-4 border-t pt-3 text-base">
            <dt className="font-semibold text-slate-900">Total</dt>
            <dd className="font-bold text-slate-900 tabular-nums">$148,637.50</dd>
          </div>
        </dl>
        <div className="mt-5 flex items-center justify-between rounded-lg border bg-slate-50 px-3 py-2.5 text-sm">
          <span className="flex items-center gap-2 font-medium text-slate-800">
            <FileText className="size-4 text-red-700" aria-hidden="true" />
            estimate-warehouse-slab.pdf
          </span>
          <span className="shrink-0 text-xs whitespace-nowrap text-muted-foreground">Timeline: 24 days</span>
        </div>
      </div>
    </Panel>
  );
}
