import { useState } from 'react';
import { Button, Dropdown, Tooltip } from 'antd';
import { DownloadOutlined, DownOutlined } from '@ant-design/icons';
import type { ClientListQuery } from '@agency/contracts';
import { clientsApi } from '@agency/api-client';
import { failureText, notifyError, saveFile } from '@agency/ui';

export interface ExportChoice {
  key: string;
  label: string;
  query: Omit<ClientListQuery, 'after' | 'limit' | 'offset'>;
  filename: string;
}

/** Downloads the server's CSV export of what the list shows; a menu when there is more than one thing to export. */
export function ExportButton({ choices }: { choices: ExportChoice[] }) {
  const [busy, setBusy] = useState(false);
  const run = async (choice: ExportChoice) => {
    setBusy(true);
    try {
      saveFile(await clientsApi.exportCsv(choice.query), choice.filename);
    } catch (err) {
      notifyError(`The export failed. ${failureText(err)}`.trim());
    } finally {
      setBusy(false);
    }
  };
  if (choices.length === 1) {
    return (
      <Tooltip title={choices[0].label}>
        <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void run(choices[0])}>
          Export
        </Button>
      </Tooltip>
    );
  }
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: choices.map((c) => ({ key: c.key, label: c.label })),
        onClick: ({ key }) => {
          const choice = choices.find((c) => c.key === key);
          if (choice) void run(choice);
        },
      }}
    >
      <Button icon={<DownloadOutlined />} loading={busy}>
        Export <DownOutlined />
      </Button>
    </Dropdown>
  );
}

/** 'Smith & Sons' → 'smith-sons', for a file name. */
export const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'contacts';
