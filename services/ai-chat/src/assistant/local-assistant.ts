import type { Assistant, AssistantReply, AssistantRequest } from './assistant';
import { answer } from './local-analyst';

/** Said after a comprehensive reply's figures: what they are and what they are not. */
const COMPREHENSIVE_NOTES =
  '\n\nNotes: these are net quantities measured from the drawings as analysed (lengths along the linework, areas inside closed outlines, counts of placed blocks). Add the waste allowance your trade uses (often 5–10 % for framing and drywall, 5 % for concrete) and check the figures against the sheets named above.';

/**
 * The assistant without a model: the deterministic analyst over the analyses
 * of the question's documents. Custom instructions need a model; the response
 * style decides how much is said around the figures, never the figures.
 */
export class LocalAssistant implements Assistant {
  async reply(request: AssistantRequest): Promise<AssistantReply> {
    // The analyst reads the sheets' words (finish codes, legends) before it measures.
    const reply = answer(request.question, await request.library.analysed({ pageText: true }));
    let content = reply.content;
    const style = request.preferences.responseStyle;
    if (style === 'concise') content = content.replace(/^[^\n-][^\n]*:\n\n/, '');
    if (style === 'comprehensive' && reply.quantities.length) content += COMPREHENSIVE_NOTES;
    return { content, quantities: reply.quantities, provider: 'local' };
  }
}
