import OpenAI from 'openai';
import type { EngineResult } from '../engine/estimate-data';
import { deterministicSummary } from './summary';

export interface WrittenText {
  summary: string;
  assumptions: string[];
  generatedByAI: boolean;
}

export interface AiSettings {
  apiKey?: string;
  baseURL?: string;
  model: string;
  timeoutMs: number;
}

const SYSTEM = `You write the summary and assumptions of a construction cost estimate for a contractor's client.
Use only the figures given; never invent, change or recompute a number. Amounts are USD.
Answer with a JSON object: {"summary": string (2-4 sentences), "assumptions": string[] (3-8 short items)}.`;

/**
 * The estimate's summary and assumptions. With an AI provider configured the
 * model writes them from the engine's numbers; the engine's own assumptions
 * about unpriced materials and illustrative prices are always kept. Without a
 * provider, or if it fails, the deterministic text.
 */
export async function writeEstimateText(
  projectName: string,
  result: EngineResult,
  ai: AiSettings,
): Promise<WrittenText> {
  const fallback = {
    summary: deterministicSummary(projectName, result),
    assumptions: result.estimateData.assumptions,
    generatedByAI: false,
  };
  if (!ai.apiKey) return fallback;
  const facts = {
    project: projectName,
    totalCost: result.totalCost,
    materialCost: result.materialCost,
    laborCost: result.laborCost,
    equipmentCost: result.equipmentCost,
    overhead: `${result.overheadPercentage}% = ${result.overheadAmount}`,
    profit: `${result.profitMargin}% = ${result.profitAmount}`,
    timelineDays: result.estimateData.timeline?.duration,
    sections: result.estimateData.sections.map((s) => ({
      name: s.name,
      subtotal: s.subtotal,
      items: s.items.map((i) => `${i.description}: ${i.quantity} ${i.unit} × ${i.unitCost} = ${i.totalCost}`),
    })),
    engineAssumptions: result.estimateData.assumptions,
  };
  try {
    const client = new OpenAI({ apiKey: ai.apiKey, baseURL: ai.baseURL, timeout: ai.timeoutMs, maxRetries: 1 });
    const completion = await client.chat.completions.create({
      model: ai.model,
      temperature: 0.2,
      response_format: { type: 'json_object' },
      messages: [
        { role: 'system', content: SYSTEM },
        { role: 'user', content: JSON.stringify(facts) },
      ],
    });
    const parsed = JSON.parse(completion.choices[0]?.message?.content ?? '') as {
      summary?: unknown;
      assumptions?: unknown;
    };
    if (typeof parsed.summary !== 'string' || !parsed.summary.trim()) return fallback;
    const written = Array.isArray(parsed.assumptions)
      ? parsed.assumptions.filter((a): a is string => typeof a === 'string' && a.trim() !== '').slice(0, 8)
      : [];
    // The facts the engine states must survive whatever the model wrote.
    const kept = result.estimateData.assumptions.filter(
      (a) =>
        a.startsWith('Needs a price:') ||
        a.startsWith('Check:') ||
        a.includes('measured floor area') ||
        a.startsWith('Measured floor area') ||
        a.includes('illustrative defaults') ||
        a.startsWith('Labour priced at'),
    );
    return {
      summary: parsed.summary.trim().slice(0, 4000),
      assumptions: [...kept, ...written.filter((a) => !kept.includes(a)).map((a) => a.slice(0, 500))],
      generatedByAI: true,
    };
  } catch {
    return fallback;
  }
}
