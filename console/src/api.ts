// The HTTP contract and nothing else: every call the console makes goes through here.

export type Problem = { status: number; code: string; detail?: string; [k: string]: unknown };

export class ApiError extends Error {
  constructor(readonly problem: Problem) {
    super(problem.detail ?? problem.code);
  }
}

const TOKEN_KEY = "fairslot.session";

export type Session = { token: string; userId: string; groups: string[] };

export function session(): Session | null {
  const raw = sessionStorage.getItem(TOKEN_KEY);
  return raw ? (JSON.parse(raw) as Session) : null;
}

export function signOut(): void {
  sessionStorage.removeItem(TOKEN_KEY);
}

/** Local sign-in: the local runtime mints a token for any user (never in AWS, where Cognito signs). */
export async function signInLocally(userId: string, groups: string[]): Promise<Session> {
  const r = await fetch("/_local/token", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ sub: userId, groups }),
  });
  if (!r.ok) throw new ApiError(await problemOf(r));
  const s: Session = { token: (await r.json()).token, userId, groups };
  sessionStorage.setItem(TOKEN_KEY, JSON.stringify(s));
  return s;
}

/**
 * Local sign-in with WeChat, as a mini-program does it (v1.3): the local WeChat fake makes the
 * code wx.login would give the WeChat user {@code name} stands for, and POST /auth/wechat turns it
 * into fairslot's own token for that member (created on the first sign-in).
 */
export async function signInWithWechatLocally(name: string): Promise<Session> {
  const openid = ("wx_" + name.replace(/[^A-Za-z0-9_-]/g, "_")).padEnd(6, "_").slice(0, 64);
  const made = await fetch("/_local/wechat/login-codes", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ openid }),
  });
  if (!made.ok) throw new ApiError(await problemOf(made));
  const r = await fetch("/auth/wechat", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ code: (await made.json()).code }),
  });
  if (!r.ok) throw new ApiError(await problemOf(r));
  const answer = await r.json();
  return keep({ token: answer.token, userId: answer.userId, groups: [] });
}

async function problemOf(r: Response): Promise<Problem> {
  try {
    return (await r.json()) as Problem;
  } catch {
    return { status: r.status, code: "http_" + r.status };
  }
}

type Options = { body?: unknown; idempotent?: boolean; accept?: string };

/** One call; a problem+json answer is thrown as ApiError with its code. */
let apiBase = "";

/** In AWS the API is another origin (config.json's apiUrl); locally it is this one. */
export function useApi(url: string): void {
  apiBase = url.replace(/\/$/, "");
}

/** Keeps a session signed in elsewhere (Cognito) for this tab. */
export function keep(s: Session): Session {
  sessionStorage.setItem(TOKEN_KEY, JSON.stringify(s));
  return s;
}

export async function call<T>(method: string, path: string, options: Options = {}): Promise<T> {
  const headers: Record<string, string> = { accept: options.accept ?? "application/json" };
  const s = session();
  if (s) headers.authorization = "Bearer " + s.token;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (options.idempotent) headers["idempotency-key"] = crypto.randomUUID();
  const r = await fetch(apiBase + path, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  if (!r.ok) throw new ApiError(await problemOf(r));
  if (r.status === 204) return undefined as T;
  return (options.accept === "text/csv" ? await r.text() : await r.json()) as T;
}

export type Slot = {
  slotId: string;
  venueId: string;
  resourceId: string;
  kind: string;
  start: string;
  end: string;
  capacity: number;
  remaining: number;
  status: string;
  priceMinor: number;
  currency: string;
  admission: string;
  waitlistLength: number;
};

export type Booking = {
  bookingId: string;
  slotId: string;
  userId: string;
  quantity: number;
  status: string;
  amountMinor: number;
  currency: string;
  holdExpiresAt?: string;
  refundMinor?: number;
  policy?: { cancelTiers: { before: string; refundPercent: number }[] };
  slot: { slotId: string; venueId: string; resourceId: string; kind: string; start: string; end: string };
  /** Every slot of the booking, each with its own status (v1.2). */
  slots?: { slotId: string; status: string }[];
  /** The price and what came off it (v1.3), when something did. */
  pricing?: { baseMinor: number; discounts: { kind: string; amountMinor: number; code?: string }[]; amountMinor: number };
};

export type MembershipPlan = {
  planId: string;
  name: string;
  priceMinor: number;
  currency: string;
  period: string;
  benefits: { percentOff?: number; bookingWindowDays?: number; creditsPerPeriod?: number };
};

export type Membership = {
  membershipId: string;
  venueId: string;
  name: string;
  status: string;
  autoRenew: boolean;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd?: string;
  priceMinor: number;
  currency: string;
};

export type Wallet = { venueId: string; currency: string; principalMinor: number; bonusMinor: number; balanceMinor: number };

export type WaitEntry = {
  entryId: string;
  position: number;
  status: string;
  offerExpiresAt?: string;
};

export type Notice = { notificationId: string; kind: string; channel: string; status: string; subject: string; createdAt: string };

export type FinanceException = {
  exceptionId: string;
  kind: string;
  bookingId?: string;
  amountMinor: number;
  currency: string;
  status: string;
  createdAt: string;
};

export type Plan = { planId: string; name: string; kind: string; credits?: number; validity: string; priceMinor: number; currency: string };
export type Pass = { passId: string; planId: string; name: string; kind: string; status: string; creditsLeft?: number; validUntil?: string };
export type Profile = { name?: string; email?: string; phone?: string; channels: string[]; locale?: string; emailVerified: boolean; phoneVerified: boolean };

export type AuditLine = { at: string; actor: string; entity: string; from: string; to: string; reason: string };

/** Where this device keeps the signed-in member's last list of bookings. */
function mineKey(): string {
  return "fairslot.mine." + (session()?.userId ?? "");
}

export const api = {
  slots: (venueId: string, date: string) =>
    call<{ items: Slot[] }>("GET", `/slots?venueId=${enc(venueId)}&date=${enc(date)}&limit=100`),
  slot: (slotId: string) => call<Slot>("GET", `/slots/${enc(slotId)}`),
  resources: (venueId: string) =>
    call<{ items: { resourceId: string; name: string; kind: string; parts?: string[] }[] }>(
      "GET",
      `/venues/${enc(venueId)}/resources`,
    ),
  venue: (venueId: string) =>
    call<{ venueId: string; name: string; timeZone: string; policy?: { prepaidRules?: string } }>(
      "GET",
      `/venues/${enc(venueId)}`,
    ),
  book: (slotId: string, quantity: number, couponCode?: string) =>
    call<Booking>("POST", "/bookings", {
      body: couponCode ? { slotId, quantity, couponCode } : { slotId, quantity },
      idempotent: true,
    }),
  /** The member's stored value, one wallet per venue (v1.3). */
  myWallets: () => call<{ items: Wallet[] }>("GET", "/me/wallets"),
  /** Memberships (v1.3): the venue's plans, mine, subscribing and cancelling renewal. */
  membershipPlans: (venueId: string) =>
    call<{ items: MembershipPlan[] }>("GET", `/venues/${enc(venueId)}/membership-plans`),
  myMemberships: () => call<{ items: Membership[] }>("GET", "/me/memberships"),
  subscribe: (planId: string, provider?: string) =>
    call<Membership>("POST", `/membership-plans/${enc(planId)}/subscribe`, {
      body: provider ? { provider } : {},
      idempotent: true,
    }),
  cancelMembership: (membershipId: string) =>
    call<Membership>("POST", `/me/memberships/${enc(membershipId)}/cancel`, { body: {} }),
  /** The wallet closed: its principal back to the top-ups, its bonus forfeited (v1.3). */
  closeWallet: (venueId: string) =>
    call<{ refundedMinor: number; forfeitedMinor: number; currency: string }>(
      "POST",
      `/me/wallets/${enc(venueId)}/close`,
      { idempotent: true },
    ),
  /** A booking of several slots (v1.2): all of them in one transaction, or none. */
  bookSeveral: (slotIds: string[], quantity: number) =>
    call<Booking>("POST", "/bookings", { body: { slotIds, quantity }, idempotent: true }),
  /** Pay a hold; `rest` (v1.3): the wallet pays what it holds and this provider the rest. */
  pay: (bookingId: string, provider?: string, rest?: string) =>
    call<{
      paymentNo: string;
      provider: string;
      amountMinor: number;
      currency: string;
      client?: Record<string, unknown>;
      walletPart?: { paymentNo: string; amountMinor: number; status: string };
    }>(
      "POST",
      `/bookings/${enc(bookingId)}/pay`,
      { body: provider ? (rest ? { provider, rest } : { provider }) : {} },
    ),
  booking: (bookingId: string) => call<Booking>("GET", `/bookings/${enc(bookingId)}`),
  /** My bookings; with no connection, the last list this device saw (for the ticket at a door). */
  myBookings: () =>
    call<{ items: Booking[] }>("GET", "/me/bookings").then(
      (mine) => {
        localStorage.setItem(mineKey(), JSON.stringify(mine));
        return mine;
      },
      (e) => {
        const kept = localStorage.getItem(mineKey());
        if (kept && !(e instanceof ApiError)) return JSON.parse(kept) as { items: Booking[] };
        throw e;
      },
    ),
  ticket: (bookingId: string) =>
    call<{ ticket: string; bookingId: string; venueId: string; expiresAt: string }>(
      "GET", `/bookings/${enc(bookingId)}/ticket`),
  cancel: (bookingId: string) => call<Booking>("POST", `/bookings/${enc(bookingId)}/cancel`, { body: {} }),
  join: (slotId: string) =>
    call<WaitEntry>("POST", `/slots/${enc(slotId)}/waitlist`, { body: {}, idempotent: true }),
  myPlace: (slotId: string) => call<WaitEntry>("GET", `/slots/${enc(slotId)}/waitlist/me`),
  accept: (entryId: string) =>
    call<Booking>("POST", `/waitlist/${enc(entryId)}/accept`, { body: {}, idempotent: true }),
  walkIn: (slotId: string, quantity: number, phone: string, name: string) =>
    call<Booking>("POST", "/staff/bookings", {
      body: { slotId, quantity, customer: { phone, name } },
      idempotent: true,
    }),
  staffBookings: (venueId: string, date: string) =>
    call<{ items: Booking[] }>("GET", `/staff/bookings?venueId=${enc(venueId)}&date=${enc(date)}`),
  checkIn: (bookingId: string) =>
    call<Booking>("POST", `/staff/bookings/${enc(bookingId)}/check-in`, { body: {} }),
  offlinePayment: (bookingId: string) =>
    call<Booking>("POST", `/staff/bookings/${enc(bookingId)}/offline-payment`, { body: {} }),
  setOpen: (slotId: string, open: boolean) =>
    call<Slot>("POST", `/slots/${enc(slotId)}/${open ? "open" : "close"}`, { body: {} }),
  bookWithPass: (slotId: string, passId: string) =>
    call<Booking>("POST", "/bookings", { body: { slotId, quantity: 1, passId }, idempotent: true }),
  reschedule: (bookingId: string, toSlotId: string) =>
    call<Booking>("POST", `/bookings/${enc(bookingId)}/reschedule`, { body: { toSlotId } }),
  plans: (venueId: string) => call<{ items: Plan[] }>("GET", `/venues/${enc(venueId)}/plans`),
  myPasses: () => call<{ items: Pass[] }>("GET", "/me/passes"),
  buyPass: (planId: string) => call<Pass>("POST", "/me/passes", { body: { planId }, idempotent: true }),
  payPass: (passId: string) => call<{ paymentNo: string }>("POST", `/passes/${enc(passId)}/pay`, { body: {} }),
  /** The member's unused pass refunded in full in its 7 days' cooling-off (v1.3 prepaid rules). */
  coolOffPass: (passId: string) =>
    call<{ refund: { amountMinor: number; currency: string } }>(
      "POST",
      `/me/passes/${enc(passId)}/refund`,
      { body: {}, idempotent: true },
    ),
  profile: () => call<Profile>("GET", "/me/profile"),
  saveProfile: (p: Partial<Profile>) => call<Profile>("PUT", "/me/profile", { body: p }),
  refund: (bookingId: string) =>
    call<Booking>("POST", `/staff/bookings/${enc(bookingId)}/refund`, { body: {} }),
  myNotifications: () => call<{ items: Notice[] }>("GET", "/me/notifications"),
  parked: () => call<{ items: Notice[] }>("GET", "/staff/notifications?status=PARKED"),
  retryNotice: (id: string) => call<Notice>("POST", `/staff/notifications/${enc(id)}/retry`, { body: {} }),
  exceptions: (venueId: string) =>
    call<{ items: FinanceException[] }>("GET", `/finance/exceptions?venueId=${enc(venueId)}&status=OPEN`),
  retryRefund: (id: string) =>
    call<FinanceException>("POST", `/finance/exceptions/${enc(id)}/retry-refund`, { body: {} }),
  resolve: (id: string, resolution: string, note: string) =>
    call<FinanceException>("POST", `/finance/exceptions/${enc(id)}/resolve`, { body: { resolution, note } }),
  audit: (kind: "bookingId" | "slotId", id: string) =>
    call<{ items: AuditLine[] }>("GET", `/audit?${kind}=${enc(id)}`),
  createVenue: (name: string, timeZone: string) =>
    call<{ venueId: string }>("POST", "/venues", { body: { name, timeZone, policy: {} }, idempotent: true }),
  createAssignee: (kind: "coaches" | "rooms", venueId: string, name: string) =>
    call<{ coachId?: string; roomId?: string }>("POST", `/${kind}`, { body: { name, venueId }, idempotent: true }),
  createPlan: (venueId: string, body: Record<string, unknown>) =>
    call<{ planId: string }>("POST", `/venues/${enc(venueId)}/plans`, { body, idempotent: true }),
  editPolicy: (venueId: string, policy: Record<string, unknown>) =>
    call<{ venueId: string }>("PATCH", `/venues/${enc(venueId)}`, { body: { policy } }),
  createResource: (venueId: string, body: Record<string, unknown>) =>
    call<{ resourceId: string }>("POST", `/venues/${enc(venueId)}/resources`, { body, idempotent: true }),
  generate: (body: Record<string, unknown>) =>
    call<{ created: number; skipped?: number; slotIds?: string[] }>("POST", "/slots:generate", { body, idempotent: true }),
  /** What the venue owes in stored value at the end of the day (v1.3, finance). */
  liabilities: (venueId: string, date: string) =>
    call<{ currency: string | null; walletPrincipalMinor: number; walletBonusMinor: number }>(
      "GET",
      `/reports/liabilities?venueId=${enc(venueId)}&date=${enc(date)}`,
    ),
  dailyCsv: (venueId: string, date: string) =>
    call<string>("GET", `/reports/daily?venueId=${enc(venueId)}&date=${enc(date)}`, {
      accept: "text/csv",
    }),
};

function enc(s: string): string {
  return encodeURIComponent(s);
}
