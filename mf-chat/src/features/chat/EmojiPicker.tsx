import { useState } from 'react';
import { Button, Popover, Tabs, type ButtonProps } from 'antd';
import { EMOJI_GROUPS } from './emoji';

function EmojiGrid({ onPick }: { onPick: (emoji: string) => void }) {
  return (
    <Tabs
      size="small"
      items={EMOJI_GROUPS.map((g) => ({
        key: g.name,
        label: g.name,
        children: (
          <div role="group" aria-label={g.name} style={{ display: 'grid', gridTemplateColumns: 'repeat(6, 36px)', gap: 4 }}>
            {g.emoji.map(([emoji, name]) => (
              <Button
                key={emoji}
                type="text"
                aria-label={name}
                title={name}
                onClick={() => onPick(emoji)}
                style={{ fontSize: 20, padding: 0, width: 36, height: 36 }}
              >
                {emoji}
              </Button>
            ))}
          </div>
        ),
      }))}
    />
  );
}

/** A button opening the emoji picker; picking one closes it. */
export function EmojiPicker({ onPick, label, button }: { onPick: (emoji: string) => void; label: string; button: ButtonProps }) {
  const [open, setOpen] = useState(false);
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      content={
        <EmojiGrid
          onPick={(e) => {
            onPick(e);
            setOpen(false);
          }}
        />
      }
    >
      <Button {...button} aria-label={label} title={label} />
    </Popover>
  );
}
