import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { apiErrorMessage } from '@/lib/api-error';
import {
  RESPONSE_STYLES,
  aiPreferencesQueryKey,
  saveAiPreferences,
  useAiPreferences,
  type AiPreferences,
  type ResponseStyle,
} from '@/features/ai-settings/api/ai-preferences';

const STYLE_LABELS: Record<ResponseStyle, string> = {
  standard: 'Standard',
  technical: 'Technical',
  simple: 'Simple',
  concise: 'Concise',
  comprehensive: 'Comprehensive',
};

function SettingsForm({
  saved,
  userId,
  onDone,
}: {
  saved: AiPreferences | undefined;
  userId: string;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const [style, setStyle] = useState<ResponseStyle>(saved?.responseStyle ?? 'standard');
  const [prompt, setPrompt] = useState(saved?.customPrompt ?? '');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const next = await saveAiPreferences(saved, { customPrompt: prompt, responseStyle: style }, userId);
      queryClient.setQueryData(aiPreferencesQueryKey, next);
      toast({ title: 'AI Settings Saved', description: 'The assistant will answer with these settings.' });
      onDone();
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Error',
        description: `Failed to save AI settings: ${apiErrorMessage(error) ?? (error instanceof Error ? error.message : 'unknown error')}`,
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="grid gap-4" aria-label="AI settings">
      <div className="grid gap-2">
        <Label htmlFor="ai-response-style">Response style</Label>
        <select
          id="ai-response-style"
          value={style}
          onChange={(event) => setStyle(event.target.value as ResponseStyle)}
          className="h-9 rounded-md border border-input bg-background px-3 text-sm"
        >
          {RESPONSE_STYLES.map((value) => (
            <option key={value} value={value}>
              {STYLE_LABELS[value]}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="ai-custom-prompt">Custom instructions (optional)</Label>
        <Textarea
          id="ai-custom-prompt"
          rows={4}
          maxLength={4000}
          placeholder="For example: report quantities in metric units; add 10% waste to drywall."
          value={prompt}
          onChange={(event) => setPrompt(event.target.value)}
        />
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? <Spinner /> : null}
          Save Settings
        </Button>
      </DialogFooter>
    </form>
  );
}

/** SPEC §2 AI Assistant Settings: response style and custom instructions, one set per user. */
export function AiSettingsDialog({
  open,
  onOpenChange,
  userId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  userId: string;
}) {
  const { data, isPending, isError } = useAiPreferences(open);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>AI Assistant Settings</DialogTitle>
          <DialogDescription>
            How the assistant answers you: its response style and your own instructions.
          </DialogDescription>
        </DialogHeader>
        {isPending && !isError ? (
          <Spinner />
        ) : (
          <SettingsForm
            key={data?.updatedAt ?? 'defaults'}
            saved={data}
            userId={userId}
            onDone={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
