import { useMemo, useState } from 'react';
import { Alert, Form, Input, Radio, Typography } from 'antd';
import { TAG_MESSAGES, type Tag } from '@agency/contracts';
import { tagsApi } from '@agency/api-client';
import { failureText, FormDialog, useDebounced, useLiveQuery, withToasts } from '@agency/ui';
import { QueryBuilder } from './QueryBuilder';
import { UnsupportedQuery, emptyQuery, fromMongo, isValidQuery, toQueryObj, type QueryGroup } from './queryBuilder';

interface TagFormValues {
  name: string;
  description: string;
}
type Format = 'simple' | 'dynamic';

/** The builder's model of a saved tag, or the reason it has to be edited as JSON. */
function startingQuery(tag: Tag | null): { query: QueryGroup; json: string | null } {
  if (!tag?.queryObj) return { query: emptyQuery(), json: null };
  try {
    return { query: fromMongo(tag.queryObj.mongodb), json: null };
  } catch (err) {
    if (err instanceof UnsupportedQuery) return { query: emptyQuery(), json: tag.queryObj.mongodb };
    throw err;
  }
}

/** How many contacts a query matches now, asked a moment after the last change. */
function useMatchCount(mongodb: string | null): { count: number | null; error: string | null; busy: boolean } {
  const settled = useDebounced(mongodb, 400);
  const counted = useLiveQuery(settled ? () => tagsApi.count({ queryObj: { mongodb: settled, isValid: true } }) : null, null, settled);
  if (!mongodb) return { count: null, error: null, busy: false };
  return {
    count: counted.error ? null : (counted.data ?? null),
    error: counted.error ? failureText(counted.error) || 'unknown error' : null,
    busy: settled !== mongodb || counted.loading,
  };
}

const isJsonObject = (text: string) => {
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === 'object' && v !== null && !Array.isArray(v);
  } catch {
    return false;
  }
};

/** Create or edit a tag: a name, a description, and for a dynamic tag the query that decides who carries it. Mounted afresh for each opening. */
export function TagDialog({ open, tag, onClose, onSaved }: { open: boolean; tag: Tag | null; onClose: () => void; onSaved: () => void }) {
  const start = useMemo(() => startingQuery(tag), [tag]);
  const [format, setFormat] = useState<Format>(tag?.format ?? 'simple');
  const [query, setQuery] = useState<QueryGroup>(start.query);
  const [json, setJson] = useState<string | null>(start.json);

  const dynamic = format === 'dynamic';
  const queryObj = json !== null ? { mongodb: json, isValid: isJsonObject(json) } : toQueryObj(query);
  const valid = !dynamic || (json !== null ? queryObj.isValid : isValidQuery(query));
  const preview = useMatchCount(dynamic && valid ? queryObj.mongodb : null);

  const submit = async (values: TagFormValues) => {
    const body = {
      name: values.name.trim(),
      description: (values.description ?? '').trim(),
      ...(dynamic ? { queryObj } : tag?.queryObj ? { queryObj: null } : {}),
    };
    await withToasts(tag ? tagsApi.update(tag.id, body) : tagsApi.create(body), tag ? TAG_MESSAGES.updated : TAG_MESSAGES.created, TAG_MESSAGES.failed);
    onSaved();
  };

  return (
    <FormDialog<TagFormValues>
      requiredMark={false}
      open={open}
      title={tag ? `Edit Tag ${tag.name}` : 'Create Tag'}
      initialValues={{ name: tag?.name ?? '', description: tag?.description ?? '' }}
      onSubmit={submit}
      onClose={onClose}
      okDisabled={!valid}
      width={dynamic ? 860 : 520}
    >
      <Form.Item
        label="Name"
        name="name"
        rules={[
          { required: true, whitespace: true, message: 'Tag name is required' },
          { max: 60, message: 'Tag names must be at most 60 characters' },
        ]}
      >
        <Input autoFocus maxLength={60} />
      </Form.Item>
      <Form.Item label="Description" name="description" rules={[{ max: 500, message: 'Descriptions must be at most 500 characters' }]}>
        <Input.TextArea autoSize={{ minRows: 1, maxRows: 2 }} maxLength={500} />
      </Form.Item>
      <Form.Item label="Type" htmlFor="tag-format">
        <Radio.Group id="tag-format" value={format} onChange={(e) => setFormat(e.target.value as Format)} optionType="button" buttonStyle="solid">
          <Radio.Button value="simple">Simple</Radio.Button>
          <Radio.Button value="dynamic">Dynamic</Radio.Button>
        </Radio.Group>
      </Form.Item>
      {tag && tag.format !== format ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title="Changing the type starts the tag over: its current assignments and opt-outs are cleared."
        />
      ) : null}
      {dynamic ? (
        <div>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            Contacts carry a dynamic tag while they match its query.
          </Typography.Paragraph>
          {json !== null ? (
            <>
              <Alert
                type="info"
                showIcon
                style={{ marginBottom: 8 }}
                title="This query uses conditions the builder cannot show; edit it as JSON, or start a new query."
              />
              <Form.Item
                label="Query (MongoDB JSON)"
                htmlFor="tag-query-json"
                validateStatus={queryObj.isValid ? undefined : 'error'}
                help={queryObj.isValid ? undefined : 'The query must be a JSON object'}
              >
                <Input.TextArea
                  id="tag-query-json"
                  value={json}
                  onChange={(e) => setJson(e.target.value)}
                  autoSize={{ minRows: 3, maxRows: 10 }}
                  style={{ fontFamily: 'monospace' }}
                />
              </Form.Item>
              <Typography.Link onClick={() => setJson(null)}>Start a new query</Typography.Link>
            </>
          ) : (
            <QueryBuilder value={query} onChange={setQuery} />
          )}
          <div role="status" aria-live="polite" style={{ minHeight: 22, marginTop: 4 }}>
            {!valid ? (
              <Typography.Text type="secondary">Complete every rule to see how many contacts match.</Typography.Text>
            ) : preview.error ? (
              <Typography.Text type="danger">{preview.error}</Typography.Text>
            ) : preview.count !== null && !preview.busy ? (
              <Typography.Text strong>{`Matches ${preview.count} ${preview.count === 1 ? 'contact' : 'contacts'} now`}</Typography.Text>
            ) : (
              <Typography.Text type="secondary">Counting matching contacts...</Typography.Text>
            )}
          </div>
        </div>
      ) : null}
    </FormDialog>
  );
}
