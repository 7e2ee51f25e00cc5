import { Button, Flex, Space } from 'antd';

/** Reset and Save of a settings form: both disabled until something changes (spec 002 section 4). */
export function SettingsActions({ dirty, saving, onReset }: { dirty: boolean; saving: boolean; onReset: () => void }) {
  return (
    <Flex justify="flex-end">
      <Space>
        <Button disabled={!dirty || saving} onClick={onReset}>
          Reset
        </Button>
        <Button type="primary" htmlType="submit" disabled={!dirty} loading={saving}>
          Save
        </Button>
      </Space>
    </Flex>
  );
}
