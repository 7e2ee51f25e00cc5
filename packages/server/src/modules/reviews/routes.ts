import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountParamsSchema,
  clientIdParamsSchema,
  errorSchema,
  publicReviewAnswerSchema,
  publicReviewParamsSchema,
  publicReviewPath,
  publicReviewSchema,
  REVIEW_MESSAGES,
  reviewListQuerySchema,
  reviewListSchema,
  reviewRequestBodySchema,
  reviewRequestResponseSchema,
  reviewSettingsSchema,
  reviewSettingsUpdateSchema,
  reviewTotalsQuerySchema,
  reviewTotalsSchema,
  type PublicReview,
  type Review,
  ADMIN_ROLES,
} from '@agency/contracts';
import type { AppDeps } from '../../app';
import { sendAutomatedText } from '../sms/outbound';
import { auth } from '../../http/context';
import { badRequest, conflict, notFound, tooManyRequests } from '../../http/errors';
import { addHit } from '../auth/rate-limit';
import { loadClient } from '../clientStore/store';
import {
  answerReview,
  clientReviews,
  googleLinkFor,
  insertReview,
  listReviews,
  loadReview,
  reviewSettings,
  reviewTotals,
  updateReviewSettings,
} from './service';

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** The first name the public page greets: the person's preferred first name, else their first name. */
const greetingName = (r: Review, data: Record<string, unknown>): string | null =>
  r.clientLevel === 'secondary' ? (text(data.coPreferredFirstName) ?? r.client.coFirstName) : (text(data.preferredFirstName) ?? r.client.firstName);

/** Service reviews of the account's clients, and the public page a client answers one on. */
export async function reviewRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, config } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/reviews',
    {
      schema: {
        tags: ['reviews'],
        description: "The account's service reviews, newest first, a page at a time.",
        querystring: reviewListQuerySchema,
        response: { 200: reviewListSchema, 400: errorSchema },
      },
    },
    async (req) => listReviews(db, auth(req).accountId, req.query.page, req.query.limit),
  );

  r.get(
    '/reviews/totals',
    { schema: { tags: ['reviews'], querystring: reviewTotalsQuerySchema, response: { 200: reviewTotalsSchema, 400: errorSchema } } },
    async (req) => reviewTotals(db, auth(req).accountId, req.query),
  );

  r.get(
    '/reviews/client/:id',
    {
      schema: {
        tags: ['reviews'],
        description: "A client's service reviews (both people of the household), newest first. Another account's client is answered 404.",
        params: clientIdParamsSchema,
        response: { 200: reviewListSchema, 404: errorSchema },
      },
    },
    async (req) => {
      const { accountId } = auth(req);
      await loadClient(db, accountId, req.params.id);
      return clientReviews(db, accountId, req.params.id);
    },
  );

  r.post(
    '/reviews/:id',
    {
      schema: {
        tags: ['reviews'],
        description:
          'Requests a service review of one person of the household: records the pending review and answers the public page link ' +
          'the text message carries. Refused when the account has service reviews off or the person has no mobile phone.',
        params: clientIdParamsSchema,
        body: reviewRequestBodySchema,
        response: { 200: reviewRequestResponseSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (req) => {
      const { accountId, userId } = auth(req);
      const level = req.body.clientLevel;
      const requested = await db.tx(async (q) => {
        const client = await loadClient(q, accountId, req.params.id);
        const settings = await reviewSettings(q, accountId);
        if (!settings?.serviceReviewEnabled) throw badRequest(REVIEW_MESSAGES.disabled);
        const data = client.data ?? {};
        const mobile = level === 'secondary' ? text(data.coFirstName) && text(data.coMobilePhone) : text(data.mobilePhone);
        if (!mobile) {
          req.log.warn({ accountId, clientId: req.params.id, level }, 'service review request without a mobile phone to text');
          throw badRequest(REVIEW_MESSAGES.noRoom);
        }
        const id = await insertReview(q, accountId, { clientId: req.params.id, clientLevel: level, requestedBy: userId });
        const review = await loadReview(q, accountId, id);
        return { review: review!, link: publicReviewPath(accountId, id), mobile, message: settings.reviewSMSMessage };
      });
      // The link goes out as a text in the client's room (after quiet hours; never twice for one request).
      const sent = await sendAutomatedText(deps, {
        accountId,
        clientId: req.params.id,
        to: requested.mobile,
        body: [requested.message, `${deps.config.publicUrl}${requested.link}`].filter(Boolean).join(' '),
        kind: 'review',
        idempotencyKey: `review:${requested.review.id}`,
        userId,
      });
      return { review: requested.review, link: requested.link, texted: sent.status === 'queued' };
    },
  );

  r.get(
    '/accounts/:accountId/service-review',
    {
      schema: {
        tags: ['reviews'],
        description: "The account's service review settings (spec 002).",
        params: accountParamsSchema,
        response: { 200: reviewSettingsSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (req) => {
      const { name: _name, ...settings } = (await reviewSettings(db, req.params.accountId))!;
      return settings;
    },
  );

  r.put(
    '/accounts/:accountId/service-review',
    {
      config: { roles: ADMIN_ROLES },
      schema: {
        tags: ['reviews'],
        description: 'Saves any of the service review settings (owners and admins; a super user for any account).',
        params: accountParamsSchema,
        body: reviewSettingsUpdateSchema,
        response: { 200: reviewSettingsSchema, 400: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (req) => db.tx(async (q) => updateReviewSettings(q, req.params.accountId, req.body)),
  );

  // ------------------------------------------------------------------------------------------
  // The public page (no authorization header). A review id is a random UUID handed to one client;
  // every answer names the account and the review, and only a review of that account is found.
  // ------------------------------------------------------------------------------------------
  const limit = config.publicReviewLimits;
  const limited = async (req: FastifyRequest) => {
    if ((await addHit(db, `sr:${req.ip}`, limit.windowMinutes)) > limit.perAddress) throw tooManyRequests(REVIEW_MESSAGES.tooMany);
  };
  const publicSchema = { tags: ['reviews'], security: [], params: publicReviewParamsSchema };
  const publicErrors = { 400: errorSchema, 404: errorSchema, 409: errorSchema, 429: errorSchema };

  /** The account (when it takes reviews) and, when asked, one of its reviews; 404 for anything else. */
  async function lookUp(accountId: string, reviewId: string | undefined): Promise<PublicReview> {
    const settings = await reviewSettings(db, accountId);
    if (!settings?.serviceReviewEnabled) throw notFound(REVIEW_MESSAGES.notFound);
    if (!reviewId) return { account: { name: settings.name }, review: null, googleReviewUrl: null };
    const review = await loadReview(db, accountId, reviewId);
    if (!review) throw notFound(REVIEW_MESSAGES.notFound);
    const client = await loadClient(db, accountId, review.client.id);
    return {
      account: { name: settings.name },
      review: { id: review.id, firstName: greetingName(review, client.data ?? {}), rating: review.rating, feedback: review.feedback },
      googleReviewUrl: googleLinkFor(settings, review.rating),
    };
  }

  async function answer(accountId: string, reviewId: string | undefined, rating: number, feedback: string): Promise<PublicReview> {
    if (!reviewId) throw badRequest(REVIEW_MESSAGES.notFound);
    await lookUp(accountId, reviewId);
    if (!(await answerReview(db, accountId, reviewId, rating, feedback))) throw conflict(REVIEW_MESSAGES.alreadyAnswered);
    return lookUp(accountId, reviewId);
  }

  for (const path of ['/service-review/:id', '/service-review/:id/:reviewId']) {
    r.get(
      path,
      {
        onRequest: limited,
        schema: {
          ...publicSchema,
          description: 'Public: the agency name and, with a review id, that review as its client may see it.',
          response: { 200: publicReviewSchema, ...publicErrors },
        },
      },
      async (req) => lookUp(req.params.id, req.params.reviewId),
    );
    r.post(
      path,
      {
        onRequest: limited,
        schema: {
          ...publicSchema,
          description: 'Public: a client answers their review once with 1 to 5 stars and feedback (the review id in the path or the body).',
          body: publicReviewAnswerSchema,
          response: { 200: publicReviewSchema, ...publicErrors },
        },
      },
      async (req) => answer(req.params.id, req.params.reviewId ?? req.body.reviewId, req.body.rating, req.body.feedback),
    );
  }
}
