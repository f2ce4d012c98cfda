import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Transaction } from '../db/client';
import { accounts, activationCodes, audienceStatusHistory, audienceVisitDates, audiences, photos, tickets } from '../db/schema/index';
import { mainlandIdCheckCharacter } from '@portal/shared/application/id-number';
import type { ApproveStatus } from '@portal/shared/application/application-status';
import type { DemoPicture } from './demo-photos';
import { idNumberColumns } from '../lib/personal-data-cipher';
import { regionOfId } from '@portal/shared/entrance-room/entrance-room';
import type { TicketService } from '../modules/ticket/ticket.service';

const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '黄', '赵', '吴', '周', '徐', '孙', '马', '朱', '胡', '郭', '何', '林', '罗', '郑', '梁', '谢', '唐', '韩', '冯', '邓', '曹', '彭', '曾', '欧阳'];
const GIVEN_NAMES = ['伟', '芳', '娜', '敏', '静', '磊', '强', '军', '洋', '勇', '艳', '杰', '涛', '明', '超', '秀英', '建华', '志强', '晓东', '海燕', '子豪', '浩然', '梓涵', '一鸣', '思远', '宇航', '嘉怡', '雨萱', '俊杰', '欣怡', '文博', '天佑'];
const LATIN_VISITORS = [
  { name: 'Anna Schmidt', mobile: '+4915112345678', email: 'anna.schmidt@example.com' },
  { name: 'Marco Rossi', mobile: '+393471234567', email: 'marco.rossi@example.com' },
  { name: 'Yuki Tanaka', mobile: '+819012345678', email: 'yuki.tanaka@example.com' },
  { name: 'John Smith', mobile: '+447700900123', email: 'john.smith@example.com' },
  { name: 'Lucas Martin', mobile: '+33612345678', email: 'lucas.martin@example.com' },
];
/** Area codes of mainland IDs: Chongqing, Guangzhou and Jiangmen (motorcycle towns), Beijing, Shanghai, Hangzhou, Wuhan, Chengdu. */
const REGIONS = ['500103', '500112', '440106', '440703', '110105', '310115', '330106', '420106', '510107'];
const MOBILE_PREFIXES = ['139', '138', '136', '158', '186', '177', '150', '187', '135', '188'];
const REFUSE_REASONS = [
  '证件照片不清晰，请重新上传清晰的证件正面照片',
  '入场照片未露出完整面部，请上传正面免冠照片',
  '证件号码与姓名不一致',
  '入场照片与证件照片不是同一人',
  'The ID photo is blurred: please upload a sharp photo of the passport page',
];
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A printed ticket's code: MX-XXXX-XXXX from an alphabet without 0/O/1/I. */
export function newActivationCode(): string {
  const part = () => Array.from({ length: 4 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
  return `MX-${part()}-${part()}`;
}

/** A small deterministic generator, so that the demo looks the same on every fresh start. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (max: number) => Math.floor(next() * max), pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T };
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface DemoApplicationsInput {
  now: Date;
  /** When the demo batch of activation codes was printed: before the first account, upload or submission. */
  codesPrintedAt: Date;
  organizerId: string;
  /** The show days in order; the last is the small, full one. */
  days: readonly string[];
  smallDay: { day: string; capacity: number };
  channelIds: readonly string[];
  pictures: ReadonlyArray<{ entry: DemoPicture; id: DemoPicture }>;
  count: number;
  /** The ledger: approved applications get their tickets through it. */
  tickets: Pick<TicketService, 'syncHolders'>;
}

/**
 * Made-up applications in every state (pending, approved, refused with reasons, resubmitted after a
 * refusal), each with its own visitor account (no password: they exist to be reviewed), a bound
 * activation code, photos shared among them (with the face descriptors the face-match score needs),
 * visit days, the status history and the approved visitors' tickets. The small day gets exactly its
 * capacity of holders. One story in time: the codes were printed first, then each visitor signed up,
 * uploaded, submitted, was reviewed and got a ticket, all before `now`; nobody has been admitted yet,
 * since the show starts a month later (the entrance journey admits at a gate opened for today).
 */
export async function insertDemoApplications(tx: Transaction, input: DemoApplicationsInput): Promise<{ applications: number }> {
  const random = generator(20250410);
  const usedIds = new Set<string>();
  // The demo visitor's number stays free: that account has no application.
  const usedMobiles = new Set<string>(['+8613800000000']);
  const statuses: ApproveStatus[] = Array.from({ length: input.count }, (_, index) =>
    index < input.count * 0.43 ? 'WAIT' : index < input.count * 0.8 ? 'DONE' : 'REFUSE',
  );

  const people = statuses.map((status, index) => {
    const latin = index % 12 === 5 ? LATIN_VISITORS[Math.floor(index / 12) % LATIN_VISITORS.length] : undefined;
    let mobile = latin?.mobile ?? '';
    while (!mobile || usedMobiles.has(mobile)) mobile = `+86${random.pick(MOBILE_PREFIXES)}${String(random.int(1e8)).padStart(8, '0')}`;
    usedMobiles.add(mobile);
    const birth = new Date(Date.UTC(1968 + random.int(38), random.int(12), 1 + random.int(28))).toISOString().slice(0, 10);
    let idNumber = '';
    while (!idNumber || usedIds.has(idNumber)) {
      if (latin) idNumber = `${'EGKP'[random.int(4)]}${String(random.int(1e8)).padStart(8, '0')}`;
      else {
        const first17 = `${random.pick(REGIONS)}${birth.replaceAll('-', '')}${String(random.int(1000)).padStart(3, '0')}`;
        idNumber = first17 + mainlandIdCheckCharacter(first17);
      }
    }
    usedIds.add(idNumber);
    const submittedAt = new Date(input.now.getTime() - random.int(20 * DAY) - HOUR);
    const reviewedAt = status === 'WAIT' ? null : new Date(Math.min(input.now.getTime() - 5 * 60_000, submittedAt.getTime() + 2 * HOUR + random.int(40 * HOUR)));
    const ordinaryDays = input.days.filter((day) => day !== input.smallDay.day);
    const first = random.pick(ordinaryDays);
    const second = random.next() < 0.35 ? random.pick(ordinaryDays) : first;
    return {
      status,
      name: latin?.name ?? `${random.pick(SURNAMES)}${random.pick(GIVEN_NAMES)}`,
      mobile,
      email: latin?.email ?? `visitor${String(index + 1).padStart(2, '0')}@example.com`,
      idType: latin ? ('PASSPORT' as const) : ('MAINLAND_ID' as const),
      idNumber,
      birthDate: birth,
      channelId: random.next() < 0.92 ? random.pick(input.channelIds) : null,
      refuseReason: status === 'REFUSE' ? random.pick(REFUSE_REASONS) : null,
      submittedAt,
      reviewedAt,
      days: [...new Set([first, second])].sort(),
      picture: index % input.pictures.length,
      /** Two pending applications were refused once and resubmitted. */
      resubmitted: status === 'WAIT' && index % 13 === 3,
    };
  });
  // The small day is full: its capacity of pending and approved applications hold it.
  people.filter((person) => person.status !== 'REFUSE').slice(0, input.smallDay.capacity).forEach((person) => person.days.push(input.smallDay.day));

  const accountRows = await tx
    .insert(accounts)
    .values(people.map((person) => ({ scope: 'audience' as const, name: person.name, mobile: person.mobile, createdAt: signedUpAt(person), updatedAt: signedUpAt(person) })))
    .returning({ id: accounts.id, mobile: accounts.mobile });
  // Each picture belongs to the first visitor who uses it (as if uploaded), uploaded after that visitor
  // signed up and before anyone using it submitted; reviewers see it through the applications.
  const photoRows = await tx
    .insert(photos)
    .values(
      input.pictures.flatMap((picture, index) => {
        const users = people.filter((person) => person.picture === index);
        const ownerSignedUp = users[0] ? signedUpAt(users[0]).getTime() : input.codesPrintedAt.getTime();
        const uploadedAt = new Date(Math.min(ownerSignedUp + HOUR, ...users.map((person) => firstSubmittedAt(person).getTime() - 10 * 60_000)));
        const row = (purpose: 'ENTRY_CARD' | 'ID_CARD', file: DemoPicture) => ({
          ownerId: accountRows[index]?.id ?? input.organizerId,
          purpose,
          storageKey: file.key,
          contentType: 'image/jpeg',
          width: file.width,
          height: file.height,
          bytes: file.bytes,
          faceRatio: file.faceRatio,
          faceDescriptor: file.faceDescriptor,
          createdAt: uploadedAt,
        });
        return [row('ENTRY_CARD', picture.entry), row('ID_CARD', picture.id)];
      }),
    )
    .returning({ id: photos.id, purpose: photos.purpose });

  const codeRows = await tx
    .insert(activationCodes)
    .values(people.map((person) => ({ code: newActivationCode(), status: 'BOUND' as const, batch: 'demo', createdAt: input.codesPrintedAt, boundAt: firstSubmittedAt(person) })))
    .returning({ id: activationCodes.id });

  const audienceRows = await tx
    .insert(audiences)
    .values(
      people.map((person, index) => ({
        accountId: accountRows[index]?.id ?? '',
        approveStatus: person.status,
        name: person.name,
        mobile: person.mobile,
        email: person.email,
        idType: person.idType,
        ...idNumberColumns(person.idNumber),
        birthDate: person.birthDate,
        entryPhotoId: photoRows[person.picture * 2]?.id ?? null,
        idPhotoId: photoRows[person.picture * 2 + 1]?.id ?? null,
        activationCodeId: codeRows[index]?.id ?? null,
        channelId: person.channelId,
        refuseReason: person.refuseReason,
        truthConfirmedAt: person.submittedAt,
        sensitiveConsentAt: person.submittedAt,
        submittedAt: person.submittedAt,
        reviewedAt: person.reviewedAt,
        createdAt: signedUpAt(person),
        updatedAt: person.reviewedAt ?? person.submittedAt,
      })),
    )
    .returning({ id: audiences.id, accountId: audiences.accountId });

  const history: Array<typeof audienceStatusHistory.$inferInsert> = [];
  people.forEach((person, index) => {
    const audienceId = audienceRows[index]?.id ?? '';
    const applicant = accountRows[index]?.id ?? null;
    if (person.resubmitted) {
      const firstSubmit = firstSubmittedAt(person);
      history.push(
        { audienceId, fromStatus: 'CREATED', toStatus: 'WAIT', actorId: applicant, at: firstSubmit },
        { audienceId, fromStatus: 'WAIT', toStatus: 'REFUSE', reason: REFUSE_REASONS[0], actorId: input.organizerId, at: new Date(firstSubmit.getTime() + 5 * HOUR) },
        { audienceId, fromStatus: 'REFUSE', toStatus: 'WAIT', actorId: applicant, at: person.submittedAt },
      );
    } else {
      history.push({ audienceId, fromStatus: 'CREATED', toStatus: 'WAIT', actorId: applicant, at: person.submittedAt });
    }
    if (person.status !== 'WAIT' && person.reviewedAt) {
      history.push({ audienceId, fromStatus: 'WAIT', toStatus: person.status, reason: person.refuseReason, actorId: input.organizerId, at: person.reviewedAt });
    }
  });
  await tx.insert(audienceStatusHistory).values(history);

  await tx.insert(audienceVisitDates).values(people.flatMap((person, index) => person.days.map((day) => ({ audienceId: audienceRows[index]?.id ?? '', day }))));
  // The approved visitors' tickets (the ledger the gate reads), issued as the approval issues them, then
  // dated at their review: the demo tells one story in time (docs/decisions/0022-the-demo-data-tells-one-story-in-time.md).
  const approved = people.flatMap((person, index) => (person.status === 'DONE' && person.reviewedAt ? [{ person, audienceId: audienceRows[index]?.id ?? '', reviewedAt: person.reviewedAt }] : []));
  await input.tickets.syncHolders(
    tx,
    approved.map(({ person, audienceId }) => ({
      kind: 'VISITOR' as const,
      subjectId: audienceId,
      holderName: person.name,
      organization: null,
      days: [...person.days].sort(),
      approved: true,
      entryPhotoId: photoRows[person.picture * 2]?.id ?? null,
      idPhotoId: photoRows[person.picture * 2 + 1]?.id ?? null,
      region: regionOfId(person.idType, person.idNumber),
      counterCheck: false,
    })),
  );
  for (const { audienceId, reviewedAt } of approved) {
    await tx.update(tickets).set({ createdAt: reviewedAt }).where(and(eq(tickets.kind, 'VISITOR'), eq(tickets.subjectId, audienceId)));
  }
  return { applications: people.length };
}

interface DemoPerson {
  submittedAt: Date;
  resubmitted: boolean;
}

/** A resubmitted application was first submitted three days before, and refused in between. */
function firstSubmittedAt(person: DemoPerson): Date {
  return person.resubmitted ? new Date(person.submittedAt.getTime() - 3 * DAY) : person.submittedAt;
}

/** Each visitor signed up a day before their first submission. */
function signedUpAt(person: DemoPerson): Date {
  return new Date(firstSubmittedAt(person).getTime() - DAY);
}
