import { useEffect, useEffectEvent } from 'react';
import { toolForKey, type Tool, type ToolEvent, type ToolState } from '@/features/viewer/lib/tools';

type Options = {
  /** Off while a dialog asks something or there is no sheet to measure on. */
  enabled: boolean;
  toolState: ToolState;
  handle: (event: ToolEvent) => void;
  choose: (tool: Tool) => void;
  /** Esc: besides cancelling the points, closes what the tool opened. */
  onEscape: () => void;
};

/** Shortcuts: tools by letter, Esc, Enter and Backspace for the points (not while typing or in a dialog). */
export function useToolShortcuts({ enabled, toolState, handle, choose, onEscape }: Options) {
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (event.ctrlKey || event.metaKey || event.altKey || !enabled) return;
    const target = event.target instanceof Element ? event.target : null;
    if (target?.closest('input, textarea, select, [role="dialog"]')) return;
    if (event.key === 'Escape') {
      onEscape();
      handle({ type: 'cancel' });
    } else if (event.key === 'Enter') {
      if (toolState.tool === 'select' || target?.closest('button, a')) return;
      handle({ type: 'finish' });
    } else if (event.key === 'Backspace') {
      if (!toolState.points.length) return;
      handle({ type: 'undo' });
    } else {
      const tool = toolForKey(event.key);
      if (!tool) return;
      choose(tool);
    }
    event.preventDefault();
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);
}
