import { Button, Flex, Space } from 'antd';

/** Reset and Save of a settings form: both disabled until something changes (spec 002 section 4). */
export function SettingsActions({ dirty, saving, onReset }: { dirty: boolean; saving: boolean; onReset: () => void }) {
  return (
    <Flex justify="flex-end">
      <Space>
        <Button disabled={!dirty || saving} onClick={onReset}>
          Reset
        </Button>
        {/* The name stays 'Save' while antd's loading icon animates in and out. */}
        <Button type="primary" htmlType="submit" aria-label="Save" disabled={!dirty} loading={saving}>
          Save
        </Button>
      </Space>
    </Flex>
  );
}
