import { NODE_COLOURS } from '@skillroute/shared/roadmap-rules';
import { nodeLabelSchema, type NodeContent } from '@skillroute/shared/roadmap-fields';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { t, translate } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import type { RoadmapFlowNode } from '../../graph/flow-graph';
import { NodeContentForm } from './node-content-form';

interface NodeSheetProps {
  node: RoadmapFlowNode | undefined;
  content: NodeContent | undefined;
  onRelabel: (label: string) => void;
  onRecolour: (background: string) => void;
  onSaveContent: (content: NodeContent) => void;
  onClose: () => void;
}

/** The panel of the selected node (spec §2): its properties, and its content and links. */
export function NodeSheet({ node, content, onRelabel, onRecolour, onSaveContent, onClose }: NodeSheetProps) {
  return (
    <Sheet open={node !== undefined} onOpenChange={(open) => !open && onClose()}>
      <SheetContent side="right" className="w-full overflow-y-auto sm:max-w-md">
        {node && (
          <>
            <SheetHeader>
              <SheetTitle className="[overflow-wrap:anywhere]">{node.data.label}</SheetTitle>
              <SheetDescription>
                {node.type === 'subtopic' ? t('A subtopic of this roadmap.') : t('A topic of this roadmap.')}
              </SheetDescription>
            </SheetHeader>
            <Tabs defaultValue="properties" className="px-4 pb-6">
              <TabsList className="w-full">
                <TabsTrigger value="properties">{t('Properties')}</TabsTrigger>
                <TabsTrigger value="content">{t('Content & Links')}</TabsTrigger>
              </TabsList>
              <TabsContent value="properties" className="pt-4">
                <NodeProperties key={node.id} node={node} onRelabel={onRelabel} onRecolour={onRecolour} />
              </TabsContent>
              <TabsContent value="content" className="pt-4">
                <NodeContentForm key={node.id} nodeId={node.id} content={content} onSave={onSaveContent} />
              </TabsContent>
            </Tabs>
          </>
        )}
      </SheetContent>
    </Sheet>
  );
}

function NodeProperties({
  node,
  onRelabel,
  onRecolour,
}: {
  node: RoadmapFlowNode;
  onRelabel: (label: string) => void;
  onRecolour: (background: string) => void;
}) {
  const [label, setLabel] = useState(node.data.label);
  const [error, setError] = useState<string | undefined>();
  const inputId = `${node.id}-label`;
  const update = () => {
    const result = nodeLabelSchema.safeParse(label);
    if (!result.success) {
      setError(result.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    onRelabel(result.data);
  };
  return (
    <div className="grid gap-5">
      <h3 className="font-semibold">{t('Node Properties')}</h3>
      <form
        noValidate
        className="grid gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          update();
        }}
      >
        <Label htmlFor={inputId}>{t('Edit node label')}</Label>
        <div className="flex gap-2">
          <Input
            id={inputId}
            value={label}
            aria-invalid={error !== undefined}
            aria-describedby={error ? `${inputId}-error` : undefined}
            onChange={(event) => setLabel(event.target.value)}
          />
          <Button type="submit">{t('Update')}</Button>
        </div>
        {error && (
          <p
            id={`${inputId}-error`}
            role="alert"
            className="text-sm font-medium text-destructive dark:text-red-300"
          >
            {translate(error)}
          </p>
        )}
      </form>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">{t('Colour')}</legend>
        <div className="flex gap-2">
          {NODE_COLOURS.map(({ key, value }) => (
            <button
              key={key}
              type="button"
              aria-pressed={node.data.background.toLowerCase() === value}
              aria-label={t('Colour {key} ({value})', { key, value })}
              onClick={() => onRecolour(value)}
              className={cn(
                'flex size-10 items-center justify-center rounded-md border-2 font-bold outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60',
                node.data.background.toLowerCase() === value ? 'border-foreground' : 'border-transparent',
              )}
              style={{ background: value, color: value === '#4338ca' ? '#ffffff' : '#111827' }}
            >
              {key}
            </button>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
