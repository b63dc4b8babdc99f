import OpenAI from 'openai';
import type {
  ChatCompletionMessageParam,
  ChatCompletionMessageToolCall,
  ChatCompletionTool,
} from 'openai/resources/chat/completions';
import type { DocumentAnalysis, Room } from '@kerf/contracts';
import { originDimension, extractMaterials } from '@kerf/takeoff';
import type { AiChatConfig } from '../config';
import { STYLE_GUIDES, type Assistant, type AssistantReply, type AssistantRequest } from './assistant';
import type { DocumentLibrary } from './document-library';
import type { AnalysedDocument } from './sourced-quantity';
import { findCode } from './sheet-text/finish-code-places';
import { columnLabel } from './sheet-text/schedule-rows';
import { describeScale, pagesOf, scaleOf, type SheetPage } from './sheet-text/sheet-pages';
import { factsOf, sourceQuantities, type Fact } from './sources';

/** Rounds of tool calls before the model must answer with what it has. */
const MAX_TOOL_ROUNDS = 6;
/** A rough token count: about four characters of English or JSON to a token. */
const tokens = (text: string) => Math.ceil(text.length / 4);

const TOOLS: ChatCompletionTool[] = [
  {
    type: 'function',
    function: {
      name: 'list_documents',
      description: "The project's documents this question may read: id, file name, type and analysis status.",
      parameters: { type: 'object', properties: {}, additionalProperties: false },
    },
  },
  {
    type: 'function',
    function: {
      name: 'get_document_analysis',
      description:
        'What the analysis of one document measured: drawing units; per layer the linework length (ft), closed area (sq ft) and entity count, and for a wall layer wallLengthFt, the length of its walls each once (two faces of a wall paired); block counts (count = placed in model space, totalCount = including nested); rooms with area and perimeter; for a PDF, the page of each room, layer (optional content group or stroke style) and symbol (repeated drawing groups, door swings named door) with its count; quantities written in the document with their page, sheet or row; per page the sheet number, title, scale and schedules (their first 60 rows; read_sheet gives them all). Lengths are in feet and areas in square feet.',
      parameters: {
        type: 'object',
        properties: { document_id: { type: 'string', description: 'The id from list_documents' } },
        required: ['document_id'],
        additionalProperties: false,
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'read_sheet',
      description:
        'What a PDF\'s sheets say in words. Per page: sheet number, title, scale (the note as written, e.g. 1/8" = 1\'-0", and feetPerPoint, or null when the sheet states none) and its schedules in full (door, window, room finish, material…: columns and rows). With `code` (a finish or material code such as VCT, VCT-1, CPT-1, PT-1, ACT): what the legends and material schedules say it is, every schedule row (room) that carries it and in which column, its tags on the plans with the rooms named beside them, and the measured area (or base length) of the rooms a schedule gives it. With `text`: the lines of the page text holding those words, with the lines around them.',
      parameters: {
        type: 'object',
        properties: {
          document_id: { type: 'string', description: 'The id from list_documents' },
          page: { type: 'integer', minimum: 1, description: 'One page; all pages when left out' },
          code: { type: 'string', description: 'A finish or material code, e.g. "VCT" or "PT-1"' },
          text: { type: 'string', description: 'Words to find in the page text, e.g. "CORRIDOR" or "NTS"' },
        },
        required: ['document_id'],
        additionalProperties: false,
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'search_documents',
      description:
        "Full-text search of the documents' text (specifications, notes, schedules, title blocks). Returns the best-matching pages with a snippet.",
      parameters: {
        type: 'object',
        properties: {
          query: { type: 'string', description: 'Words to look for, e.g. "door hardware" or "concrete 4000 psi"' },
          limit: { type: 'integer', minimum: 1, maximum: 20 },
        },
        required: ['query'],
        additionalProperties: false,
      },
    },
  },
];

function systemPrompt(request: AssistantRequest): string {
  const { responseStyle, customPrompt, documentFocus } = request.preferences;
  return [
    "You are Kerf's takeoff assistant for construction estimators. You answer questions about the quantities in the project's drawings and specifications.",
    'Read every number from the tools: list_documents, then get_document_analysis for the documents that matter, read_sheet for what a PDF sheet says in words (its scale, schedules, finish codes and the rooms that carry them), and search_documents for text in specs and notes. Never invent, estimate or round a number the analyses do not give; if they do not hold the answer, say so plainly and say what would be needed.',
    'A figure you compute (a total, a concrete volume from an area and a thickness) must show its inputs and their sources; state any assumed value (such as a slab thickness) as an assumption.',
    "Wall length is a wall layer's wallLengthFt, never its linework (lengthFt counts both faces of every wall); call the linework 'linework' if you give it. List each layer, block or room once. A total sums one drawing's figures of one kind only: never layers of two drawings, never a total that includes figures already listed as its parts as another quantity line. Write numbers as a person does: 716.3 ft, 2,261 sq ft.",
    'Cite what a sheet says (a scale, a schedule row, a finish code) with its file, sheet and page, e.g. "(A-101.pdf, sheet A-101, page 1)". Write each quantity on its own line as "- <quantity> <unit> <what> (<file name>, layer <name> | block <name> | page <n> | sheet <id>)", e.g. "- 14 ea doors (A-101.dxf, block DOOR)" or "- 1,250 sq ft drywall (specs.pdf, page 3)". Units: ea, ft, sq ft, cu yd, cu ft, in, m, mm, cm, kg, lb.',
    STYLE_GUIDES[responseStyle],
    documentFocus ? `Focus on: ${documentFocus}` : '',
    customPrompt ? `The user's standing instructions: ${customPrompt}` : '',
  ]
    .filter(Boolean)
    .join('\n\n');
}

/** An analysis as the model reads it: the measured figures, page text left to search_documents, long lists cut. */
function compactAnalysis(analysis: DocumentAnalysis) {
  return {
    status: analysis.status,
    error: analysis.error,
    kind: analysis.kind,
    units: analysis.units,
    warnings: analysis.warnings?.slice(0, 10),
    // A room's outline, a wall layer's lines and a symbol's or block's positions are for drawing, not for
    // answering: left out.
    layers: analysis.layers
      ?.filter((l) => l.lengthFt > 0 || l.areaSqFt > 0)
      .sort((a, b) => b.lengthFt - a.lengthFt)
      .slice(0, 150)
      .map(({ wallLines: _lines, ...layer }) => layer),
    blocks: analysis.blocks
      ?.filter((b) => b.totalCount > 0)
      .slice(0, 200)
      .map(({ at: _at, ...block }) => block),
    rooms: analysis.rooms?.slice(0, 150).map(({ outline: _outline, ...room }: Room & { outline?: unknown }) => room),
    symbols: symbolsOf(analysis)
      .slice(0, 150)
      .map(({ at: _at, ...symbol }) => symbol),
    quantities: analysis.quantities.slice(0, 200),
    pages: (analysis.pages as SheetPage[] | undefined)?.slice(0, 100).map((p) => ({
      number: p.number,
      sheetNumber: p.sheetNumber,
      title: p.title,
      scale: scaleOf(p),
      // A sheet of drawings at several scales: each drawing's (its rooms carry their scale too).
      drawings: p.drawings?.map(({ note, feetPerPoint }) => ({ note, feetPerPoint })),
      schedules: p.schedules?.map((s) => ({ ...s, rows: s.rows.slice(0, 60) })),
    })),
    image: analysis.image,
  };
}

function symbolsOf(analysis: DocumentAnalysis): Array<{ name: string; page?: number; count: number; at?: unknown }> {
  const symbols = (analysis as { symbols?: unknown }).symbols;
  return Array.isArray(symbols)
    ? symbols.filter(
        (s): s is { name: string; page?: number; count: number } =>
          typeof s?.name === 'string' && typeof s?.count === 'number',
      )
    : [];
}

/** Pages of a sheet as read_sheet gives them: scale, title, schedules in full, and the lines asked for. */
export function readSheet(document: AnalysedDocument, args: Record<string, unknown>) {
  const wanted = typeof args.page === 'number' ? Math.floor(args.page) : undefined;
  const pages = pagesOf(document).filter((page) => wanted === undefined || page.number === wanted);
  if (!pages.length)
    return {
      error:
        wanted === undefined
          ? `${document.filename} has no pages with text (it is not a PDF, or its pages are scanned).`
          : `${document.filename} has no page ${wanted}.`,
    };
  const result: Record<string, unknown> = {
    document_id: document.id,
    filename: document.filename,
    pages: pages.map((page) => ({
      number: page.number,
      sheetNumber: page.sheetNumber,
      title: page.title,
      scale: scaleOf(page),
      scaleAsWritten: scaleOf(page) ? describeScale(scaleOf(page)!) : 'no scale stated (not to scale, or no note)',
      schedules: page.schedules?.map((s) => ({
        ...s,
        columns: s.columns.map(columnLabel),
        rows: s.rows.slice(0, 200),
      })),
    })),
  };
  const code = typeof args.code === 'string' ? args.code.trim().toUpperCase() : '';
  if (code) {
    const scoped = { ...document, analysis: { ...document.analysis, pages: pages as DocumentAnalysis['pages'] } };
    const found = findCode(code, [scoped]);
    result.code = {
      code,
      descriptions: found.descriptions.map((d) => ({ code: d.code, description: d.description, page: d.page.number })),
      schedules: found.schedules.map(({ page, schedule, rows }) => ({
        page: page.number,
        sheet: page.sheetNumber,
        schedule: schedule.title,
        rooms: rows.map(({ room, column, cell, shared }) => ({ room, column, cell, shared })),
      })),
      tags: found.tags.map(({ page, code: tag, count, beside, placed }) => ({
        page: page.number,
        sheet: page.sheetNumber,
        code: tag,
        count,
        // With the text's positions, the rooms whose outlines hold the tags; without, those named on their line.
        [placed ? 'inRooms' : 'besideRooms']: beside,
      })),
    };
  }
  const text = typeof args.text === 'string' ? args.text.trim().toLowerCase() : '';
  if (text) {
    const near: Array<{ page: number; lines: string[] }> = [];
    for (const page of pages) {
      const lines = page.text.split('\n');
      lines.forEach((line, i) => {
        if (near.length < 40 && line.toLowerCase().includes(text))
          near.push({ page: page.number, lines: lines.slice(Math.max(0, i - 3), i + 4) });
      });
    }
    result.text = {
      words: text,
      found: near,
      note: "A page's text runs top to bottom, then left to right: lines next to each other stand at about the same height on the sheet, not always side by side.",
    };
  }
  return result;
}

/**
 * The assistant through any OpenAI-compatible Chat Completions API. The model
 * reads the analyses through four tools, so its numbers come from the
 * drawings; each quantity of its reply is traced back to the figure and place
 * it came from. One request times out after AI_TIMEOUT_MS and is retried once;
 * the whole reply has AI_REPLY_TIMEOUT_MS; what is put in front of the model
 * stays within AI_MAX_CONTEXT_TOKENS.
 */
export class OpenAiAssistant implements Assistant {
  private readonly client: OpenAI;

  constructor(private readonly config: AiChatConfig) {
    this.client = new OpenAI({
      apiKey: config.AI_API_KEY,
      baseURL: config.AI_BASE_URL,
      timeout: config.AI_TIMEOUT_MS,
      maxRetries: 1,
    });
  }

  async reply(request: AssistantRequest): Promise<AssistantReply> {
    const budget = new TokenBudget(this.config.AI_MAX_CONTEXT_TOKENS);
    const system = systemPrompt(request);
    budget.spend(tokens(system) + tokens(request.question));
    const messages: ChatCompletionMessageParam[] = [
      { role: 'system', content: system },
      ...budget.history(request.history),
      { role: 'user', content: request.question },
    ];
    const facts: Fact[] = [];
    const tools = new ToolRunner(request.library, budget, facts);
    const signal = AbortSignal.timeout(this.config.AI_REPLY_TIMEOUT_MS);

    let offerTools = true;
    for (let round = 0; ; round++) {
      const mustAnswer = round >= MAX_TOOL_ROUNDS || budget.spent();
      let completion;
      try {
        completion = await this.client.chat.completions.create(
          {
            model: this.config.AI_MODEL,
            temperature: 0.1,
            messages,
            ...(offerTools ? { tools: TOOLS, tool_choice: mustAnswer ? ('none' as const) : ('auto' as const) } : {}),
          },
          { signal },
        );
      } catch (error) {
        // A server that takes no tools (some OpenAI-compatible ones refuse them with a 400): the
        // analyses go into the conversation instead, within the budget, and the model answers from them.
        if (!(round === 0 && offerTools && error instanceof OpenAI.BadRequestError)) throw error;
        offerTools = false;
        messages.splice(messages.length - 1, 0, {
          role: 'user',
          content: await tools.inlineAnalyses(),
        });
        round = MAX_TOOL_ROUNDS - 1;
        continue;
      }
      const message = completion.choices[0]?.message;
      if (!message) throw new Error('the model sent no reply');
      const calls = (message.tool_calls ?? []).filter((call) => call.type === 'function');
      if (!calls.length || mustAnswer) {
        const content = message.content?.trim();
        if (!content) throw new Error('the model sent an empty reply');
        const documents = await request.library.list();
        return {
          content,
          quantities: sourceQuantities(content, facts, documents),
          provider: 'openai',
          model: completion.model || this.config.AI_MODEL,
        };
      }
      messages.push({ role: 'assistant', content: message.content ?? null, tool_calls: calls });
      for (const call of calls) messages.push({ role: 'tool', tool_call_id: call.id, content: await tools.run(call) });
    }
  }
}

/** Keeps what one question puts in front of the model within its budget. */
export class TokenBudget {
  private used = 0;

  constructor(private readonly limit: number) {}

  spend(count: number) {
    this.used += count;
  }

  spent() {
    return this.used >= this.limit * 0.9;
  }

  /** The newest of the earlier messages that fit in a quarter of the budget, oldest first. */
  history(history: AssistantRequest['history']): ChatCompletionMessageParam[] {
    const kept: ChatCompletionMessageParam[] = [];
    let room = Math.floor(this.limit / 4);
    for (const message of [...history].reverse()) {
      const cost = tokens(message.content);
      if (cost > room) break;
      room -= cost;
      this.spend(cost);
      kept.unshift({ role: message.sender === 'user' ? 'user' : 'assistant', content: message.content });
    }
    return kept;
  }

  /** A tool result cut to what is left (and to a third of the budget for any one result). */
  fit(text: string): string {
    const room = Math.max(0, Math.min(this.limit - this.used, Math.floor(this.limit / 3))) * 4;
    const fitted =
      text.length <= room
        ? text
        : `${text.slice(0, Math.max(0, room - 120))}\n[cut: the rest did not fit the token budget; ask about fewer documents or search for the part you need]`;
    this.spend(tokens(fitted));
    return fitted;
  }
}

/** Runs the model's tool calls against the question's documents; an error is told to the model, not thrown. */
class ToolRunner {
  constructor(
    private readonly library: DocumentLibrary,
    private readonly budget: TokenBudget,
    private readonly facts: Fact[],
  ) {}

  /** For a server without tools: every analysis of the question's documents, as get_document_analysis gives it. */
  async inlineAnalyses(): Promise<string> {
    const analyses = [];
    for (const document of await this.library.list())
      analyses.push(await this.result('get_document_analysis', { document_id: document.id }));
    return this.budget.fit(`The documents' analyses (JSON):\n${JSON.stringify(analyses)}`);
  }

  async run(call: ChatCompletionMessageToolCall): Promise<string> {
    if (call.type !== 'function') return JSON.stringify({ error: 'Only function tools are offered.' });
    let args: Record<string, unknown>;
    try {
      args = JSON.parse(call.function.arguments || '{}') as Record<string, unknown>;
    } catch {
      return JSON.stringify({ error: 'The arguments were not valid JSON.' });
    }
    return this.budget.fit(JSON.stringify(await this.result(call.function.name, args)));
  }

  private async result(name: string, args: Record<string, unknown>): Promise<unknown> {
    switch (name) {
      case 'list_documents':
        return { documents: await this.library.list() };
      case 'get_document_analysis': {
        const id = typeof args.document_id === 'string' ? args.document_id : '';
        const document = (await this.library.list()).find((d) => d.id === id);
        if (!document) return { error: `No document ${id} in this question's documents; call list_documents.` };
        const analysis = await this.library.analysis(id);
        if (!analysis) return { error: `${document.filename} is ${document.status}, not analysed yet.` };
        this.facts.push(...factsOf({ id, filename: document.filename, analysis }));
        return { document_id: id, filename: document.filename, analysis: compactAnalysis(analysis) };
      }
      case 'read_sheet': {
        const id = typeof args.document_id === 'string' ? args.document_id : '';
        const document = (await this.library.list()).find((d) => d.id === id);
        if (!document) return { error: `No document ${id} in this question's documents; call list_documents.` };
        // A finish code's tags and a search of the words read the pages' text; the rest does not.
        const analysis = await this.library.analysis(id, { pageText: !!args.code || !!args.text });
        if (!analysis) return { error: `${document.filename} is ${document.status}, not analysed yet.` };
        const analysed = { id, filename: document.filename, analysis };
        // The measured rooms a finish code leads to are figures a reply may quote.
        this.facts.push(...factsOf(analysed));
        return readSheet(analysed, args);
      }
      case 'search_documents': {
        const query = typeof args.query === 'string' ? args.query.trim() : '';
        if (!query) return { error: 'Give the words to search for.' };
        const limit = typeof args.limit === 'number' ? Math.min(20, Math.max(1, Math.floor(args.limit))) : 8;
        const hits = await this.library.search(query.slice(0, 500), limit);
        // A quantity written in the text ("1,250 sq ft") counts as stated there.
        for (const hit of hits)
          for (const stated of extractMaterials(hit.snippet))
            this.facts.push({
              quantity: Number(stated.quantity),
              unit: stated.unit,
              source: {
                documentId: hit.documentId,
                filename: hit.filename,
                ...(hit.page ? { page: hit.page } : {}),
                ...(hit.sheet ? { sheet: hit.sheet } : {}),
              },
              origin: {
                documentId: hit.documentId,
                documentName: hit.filename,
                kind: 'text',
                ref: stated.name,
                ...(hit.page ? { page: hit.page } : {}),
                dimension: originDimension(stated.unit),
              },
            });
        return { hits: hits.map(({ rank: _rank, ...hit }) => hit) };
      }
      default:
        return { error: `There is no tool ${name}.` };
    }
  }
}
