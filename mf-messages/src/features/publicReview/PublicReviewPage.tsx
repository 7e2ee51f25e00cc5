import { useCallback, useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { Alert, Button, Card, Flex, Form, Input, Rate, Result, Spin, Typography, theme } from 'antd';
import { GoogleOutlined } from '@ant-design/icons';
import { MAX_RATING, REVIEW_FEEDBACK_MAX, REVIEW_MESSAGES, type PublicReview } from '@agency/contracts';
import { ApiRequestError, errorMessage, publicReviewApi } from '@agency/api-client';

export const THANK_YOU = 'Thank you for your feedback!';
export const GOOGLE_INVITE = 'Would you share your review on Google? It helps others find us.';
export const USE_YOUR_LINK = 'Please open the link from your text message to rate us.';
const STAR_WORDS = ['Poor', 'Fair', 'Good', 'Very good', 'Excellent'];

type State = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'loaded'; data: PublicReview };

/** /review/{accountId}?review={reviewId}: a client rates the agency 1 to 5 stars and writes feedback, without signing in. */
export function PublicReviewPage() {
  const { account } = useParams();
  const [params] = useSearchParams();
  const reviewId = params.get('review') ?? undefined;
  const { token } = theme.useToken();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [form] = Form.useForm<{ rating?: number; feedback?: string }>();
  const rating = Form.useWatch('rating', form);

  const load = useCallback(async () => {
    if (!account) return setState({ kind: 'failed', message: REVIEW_MESSAGES.notFound });
    try {
      setState({ kind: 'loaded', data: await publicReviewApi.get(account, reviewId) });
    } catch (err) {
      setState({ kind: 'failed', message: errorMessage(err, REVIEW_MESSAGES.notFound) });
    }
  }, [account, reviewId]);
  useEffect(() => {
    void load();
  }, [load]);

  const submit = async (values: { rating?: number; feedback?: string }) => {
    if (!account || !reviewId || !values.rating) return;
    setSaving(true);
    setError(null);
    try {
      setState({ kind: 'loaded', data: await publicReviewApi.answer(account, reviewId, { rating: values.rating, feedback: values.feedback ?? '' }) });
    } catch (err) {
      if (err instanceof ApiRequestError && err.status === 409) await load();
      else setError(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };

  let body;
  if (state.kind === 'loading') {
    body = (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin aria-label="Loading" />
      </Flex>
    );
  } else if (state.kind === 'failed') {
    body = <Result status="warning" title={state.message} />;
  } else {
    const { data } = state;
    const review = data.review;
    body = (
      <>
        <Typography.Title level={3} style={{ marginTop: 0, textAlign: 'center' }}>
          {data.account.name}
        </Typography.Title>
        {!review ? (
          <Typography.Paragraph style={{ textAlign: 'center' }}>{USE_YOUR_LINK}</Typography.Paragraph>
        ) : review.rating !== null ? (
          <Flex vertical align="center" gap={12} data-testid="review-answered">
            <Typography.Title level={4} style={{ margin: 0 }}>
              {THANK_YOU}
            </Typography.Title>
            <span role="img" aria-label={`You rated us ${review.rating} of ${MAX_RATING}`}>
              <Rate disabled count={MAX_RATING} value={review.rating} />
            </span>
            {review.feedback ? <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', textAlign: 'center' }}>{review.feedback}</Typography.Paragraph> : null}
            {data.googleReviewUrl ? (
              <>
                <Typography.Paragraph style={{ margin: 0, textAlign: 'center' }}>{GOOGLE_INVITE}</Typography.Paragraph>
                <Button type="primary" icon={<GoogleOutlined />} href={data.googleReviewUrl} target="_blank" rel="noreferrer">
                  Review us on Google
                </Button>
              </>
            ) : null}
          </Flex>
        ) : (
          <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
            <Typography.Paragraph style={{ textAlign: 'center' }}>
              {review.firstName ? `Hi ${review.firstName}, how` : 'How'} did we do? Your feedback helps us serve you better.
            </Typography.Paragraph>
            <Form.Item name="rating" label="Your rating" rules={[{ required: true, message: REVIEW_MESSAGES.ratingRequired }]} style={{ textAlign: 'center' }}>
              <Rate count={MAX_RATING} tooltips={STAR_WORDS} style={{ fontSize: 36 }} aria-label="Your rating" />
            </Form.Item>
            {rating ? (
              <Typography.Paragraph type="secondary" style={{ textAlign: 'center', marginTop: -12 }}>
                {STAR_WORDS[rating - 1]}
              </Typography.Paragraph>
            ) : null}
            <Form.Item name="feedback" label="Feedback">
              <Input.TextArea rows={4} maxLength={REVIEW_FEEDBACK_MAX} showCount placeholder="Tell us about your experience" />
            </Form.Item>
            {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
            <Button type="primary" htmlType="submit" block size="large" loading={saving}>
              Submit
            </Button>
          </Form>
        )}
      </>
    );
  }
  return (
    <Flex justify="center" align="flex-start" style={{ minHeight: '100vh', padding: '48px 16px', background: token.colorBgLayout }} data-testid="public-review">
      <Card style={{ width: '100%', maxWidth: 520 }}>{body}</Card>
    </Flex>
  );
}
