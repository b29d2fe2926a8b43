import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { serviceLabel } from '~/lib/admin/labels.ts';
import { AdminDataError } from '~/lib/admin/query.ts';
import { adminText, type AdminKey } from '~/lib/admin/strings.ts';
import { staffWrite, StaleVersionError } from '~/lib/admin/writes.ts';
import { reviewFields } from '~/lib/field-rules.ts';
import { supabase } from '~/lib/supabase.ts';
import { AdminHeader } from '../AdminHeader.tsx';
import { AdminProviders } from '../AdminProviders.tsx';
import { useStaffRole } from '../bin/useStaffRole.ts';
import { reportFailure } from '../dialog/useSaveRequest.ts';
import { Checking, LoadFailed, Notice, UserText } from '../parts.tsx';
import { useAdminGuard } from '../useAdminGuard.ts';

const RULES = ['health_data_of_others', 'insult', 'advertising'] as const;

/** A review as public.staff_reviews() lists it. */
interface StaffReview {
  id: string;
  request_id: string;
  reference: string;
  clinic: { ar: string; en: string; slug: string };
  service: string;
  treated_on: string;
  months_after: number;
  rating: number;
  body: string;
  shown_as: 'name' | 'anonymous';
  shown_name: string | null;
  status: 'pending' | 'published' | 'refused';
  refusal_rule: (typeof RULES)[number] | null;
  refusal_note: string | null;
  decided_by: string | null;
  decided_at: string | null;
  reply: string | null;
  updated_at: string;
}

const reviewsKey = ['admin', 'reviews'] as const;

async function fetchReviews(): Promise<StaffReview[]> {
  const { data, error, status } = await supabase.rpc('staff_reviews');
  if (error) throw new AdminDataError(error.message, status, error.code ?? '');
  return data as unknown as StaffReview[];
}

/**
 * One save of the moderation screen (public.save_review_moderation), on the review as the screen
 * showed it (its updated_at): changed since by the patient or a colleague, it is refused as stale.
 */
function saveModeration(review: StaffReview, fields: Record<string, string>) {
  return staffWrite('save_review_moderation', {
    _id: review.id,
    _expected_updated_at: review.updated_at,
    _fields: fields,
  });
}

const input =
  'mt-1 block w-full rounded-xl border border-sand-300 bg-white px-3 py-2 text-base focus:border-teal-700 focus:outline-none';

type Save = (fields: Record<string, string>) => void;

/** The review's save, on the review as the screen showed it; a stale one reloads the list. */
function useModeration(review: StaffReview, onSaved: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: Record<string, string>) => saveModeration(review, fields),
    onSuccess: async () => {
      toast.success(adminText('admin.reviews.saved'));
      onSaved();
      await queryClient.invalidateQueries({ queryKey: reviewsKey });
    },
    onError: async (error) => {
      reportFailure(
        error,
        adminText(
          error instanceof StaleVersionError ? 'admin.reviews.changed' : 'admin.reviews.saveError',
        ),
      );
      if (error instanceof StaleVersionError)
        await queryClient.invalidateQueries({ queryKey: reviewsKey });
    },
  });
}

/** An owner's decision: publish, refuse for a rule with the reason, or back to waiting. */
function Decisions({ review, save, busy }: { review: StaffReview; save: Save; busy: boolean }) {
  const uid = useId();
  const [refusing, setRefusing] = useState(false);
  const [rule, setRule] = useState<string>(review.refusal_rule ?? RULES[0]);
  const [note, setNote] = useState(review.refusal_note ?? '');
  const button = (label: AdminKey, onClick: () => void, primary = false) => (
    <button
      type="button"
      className={`btn ${primary ? 'btn-primary' : 'btn-secondary'} min-h-11 px-4`}
      disabled={busy}
      onClick={onClick}
    >
      {adminText(label)}
    </button>
  );
  return (
    <>
      <div className="mt-3 flex flex-wrap gap-2">
        {review.status !== 'published' &&
          button('admin.reviews.publish', () => save({ decision: 'published' }), true)}
        {review.status !== 'refused' &&
          button('admin.reviews.refuse', () => setRefusing((open) => !open))}
        {review.status !== 'pending' &&
          button('admin.reviews.unpublish', () => save({ decision: 'pending' }))}
      </div>
      {refusing && (
        <form
          className="mt-3 space-y-3"
          onSubmit={(event) => {
            event.preventDefault();
            save({ decision: 'refused', refusal_rule: rule, refusal_note: note });
          }}
        >
          <div>
            <label htmlFor={`${uid}-rule`} className="block text-sm font-semibold">
              {adminText('admin.reviews.rule')}
            </label>
            <select
              id={`${uid}-rule`}
              className={input}
              value={rule}
              onChange={(event) => setRule(event.target.value)}
            >
              {RULES.map((key) => (
                <option key={key} value={key}>
                  {adminText(`admin.reviews.rule.${key}`)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${uid}-note`} className="block text-sm font-semibold">
              {adminText('admin.reviews.note')}
            </label>
            <textarea
              id={`${uid}-note`}
              className={input}
              dir="auto"
              rows={2}
              required
              maxLength={reviewFields.refusalNote.max}
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
          </div>
          <button type="submit" className="btn btn-primary min-h-11 px-4" disabled={busy}>
            {adminText('admin.reviews.confirmRefuse')}
          </button>
        </form>
      )}
    </>
  );
}

/** The clinic's reply as the clinic sent it; any staff member enters it, empty removes it. */
function ReplyForm({ review, save, busy }: { review: StaffReview; save: Save; busy: boolean }) {
  const uid = useId();
  const [reply, setReply] = useState(review.reply ?? '');
  return (
    <form
      className="mt-3"
      onSubmit={(event) => {
        event.preventDefault();
        save({ reply });
      }}
    >
      <label htmlFor={`${uid}-reply`} className="block text-sm font-semibold">
        {adminText('admin.reviews.reply')}
      </label>
      <textarea
        id={`${uid}-reply`}
        className={input}
        dir="auto"
        rows={2}
        maxLength={reviewFields.reply.max}
        value={reply}
        onChange={(event) => setReply(event.target.value)}
      />
      <button
        type="submit"
        className="btn btn-secondary mt-2 min-h-11 px-4"
        disabled={busy || reply.trim() === (review.reply ?? '')}
      >
        {adminText('admin.reviews.saveReply')}
      </button>
    </form>
  );
}

const STATUS_TONE: Record<StaffReview['status'], string> = {
  published: 'bg-teal-50 text-teal-900',
  refused: 'bg-offer-50 text-offer-700',
  pending: 'bg-sand-200',
};

function ReviewCard({ review, owner }: { review: StaffReview; owner: boolean }) {
  const save = useModeration(review, () => {});
  const month = new Intl.DateTimeFormat('ar', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${review.treated_on}T00:00:00Z`));
  return (
    <li className="card p-4" data-testid="review-card" data-status={review.status}>
      <div className="flex flex-wrap items-center gap-2">
        <UserText className="text-lg font-bold">{review.clinic.ar}</UserText>
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_TONE[review.status]}`}
        >
          {adminText(`admin.reviews.status.${review.status}`)}
        </span>
      </div>
      <p className="mt-1 text-sm text-muted">
        {adminText('admin.reviews.meta', {
          reference: review.reference,
          service: serviceLabel(review.service),
          month,
          months: review.months_after,
          stars: review.rating,
        })}
      </p>
      <p className="mt-1 text-sm font-semibold">
        {review.shown_name ? (
          <UserText>{review.shown_name}</UserText>
        ) : (
          adminText('admin.reviews.anonymous')
        )}
      </p>
      <p className="mt-2 whitespace-pre-line" dir="auto" data-testid="review-body">
        {review.body}
      </p>
      {review.status === 'refused' && review.refusal_rule && (
        <p className="mt-2 text-sm">
          {adminText(`admin.reviews.rule.${review.refusal_rule}`)}
          {review.refusal_note && (
            <>
              {' · '}
              <UserText>{review.refusal_note}</UserText>
            </>
          )}
        </p>
      )}
      {review.decided_by && (
        <p className="mt-1 text-xs text-muted">
          {adminText('admin.reviews.decidedBy', { who: review.decided_by })}
        </p>
      )}
      {owner && <Decisions review={review} save={save.mutate} busy={save.isPending} />}
      <ReplyForm review={review} save={save.mutate} busy={save.isPending} />
    </li>
  );
}

function Reviews() {
  const guard = useAdminGuard();
  const admin = guard.status === 'admin';
  const owner = useStaffRole(admin) === 'owner';
  const reviews = useQuery({ queryKey: reviewsKey, queryFn: fetchReviews, enabled: admin });
  if (!admin) return <Checking />;
  return (
    <>
      <AdminHeader title={adminText('admin.reviews.title')} screen="reviews" />
      <div
        id="content"
        tabIndex={-1}
        className="container-page space-y-4 py-6 outline-none sm:py-8"
      >
        <p className="text-sm text-muted">
          {adminText(owner ? 'admin.reviews.introOwner' : 'admin.reviews.introCoordinator')}
        </p>
        {reviews.isError ? (
          <LoadFailed
            message={adminText('admin.reviews.loadError')}
            onRetry={() => void reviews.refetch()}
          />
        ) : !reviews.data ? (
          <Notice>{adminText('admin.loading')}</Notice>
        ) : reviews.data.length === 0 ? (
          <Notice>{adminText('admin.reviews.empty')}</Notice>
        ) : (
          <ul className="grid gap-4 lg:grid-cols-2">
            {reviews.data.map((review) => (
              <ReviewCard key={`${review.id}:${review.updated_at}`} review={review} owner={owner} />
            ))}
          </ul>
        )}
      </div>
    </>
  );
}

/** /admin/reviews: the verified reviews to moderate; owners publish or refuse, staff enter replies. */
export default function ReviewsApp() {
  return (
    <AdminProviders>
      <Reviews />
    </AdminProviders>
  );
}
