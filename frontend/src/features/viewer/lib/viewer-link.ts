import { paths } from '@/config/paths';
import { rowKey } from './takeoff';

/** What a quantity's source names: the document, and where in it (a chat source, a findings row). */
export type SourceRef = {
  documentId: string;
  page?: number;
  room?: string;
  layer?: string;
  block?: string;
  symbol?: string;
};

/** The viewer at a source: its page, with the room, layer or symbol it names selected. */
export function viewerHref(projectId: string, source: SourceRef): string {
  const symbol = source.symbol ?? source.block;
  const item = source.room
    ? rowKey('room', source.room)
    : source.layer
      ? rowKey('layer', source.layer)
      : symbol
        ? rowKey('symbol', symbol)
        : undefined;
  return paths.app.viewer.getHref(projectId, source.documentId, { page: source.page, item });
}
