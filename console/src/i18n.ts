// English and 简体中文. Every string the console shows is here, under one key.
export type Lang = "en" | "zh-CN";

const en = {
  app: "fairslot",
  member: "Book",
  desk: "Front desk",
  signIn: "Sign in",
  signInWechat: "Sign in with WeChat (local)",
  signOut: "Sign out",
  localOnly: "Local sign-in: the local runtime only. A deployment signs in through Cognito.",
  userId: "User id",
  role: "Role",
  roleMember: "Member",
  roleDesk: "Front desk and finance",
  venue: "Venue",
  date: "Date",
  time: "Time",
  court: "Resource",
  seats: "Seats left",
  price: "Price",
  status: "Status",
  book: "Book",
  pay: "Pay",
  cancel: "Cancel",
  joinWaitlist: "Join the waitlist",
  accept: "Accept the offer",
  position: "Position",
  offerEnds: "Offer ends in",
  holdEnds: "Hold ends in",
  myBookings: "My bookings",
  slots: "Slots",
  none: "Nothing here yet.",
  soldOut: "Sold out",
  taken: "Taken",
  waitlist: "Waitlist",
  close: "Close",
  open: "Open",
  walkIn: "Walk-in booking",
  phone: "Phone",
  name: "Name",
  quantity: "Seats",
  slot: "Slot",
  dayBookings: "The day's bookings",
  checkIn: "Check in",
  offlinePaid: "Paid at the desk",
  report: "Daily report",
  downloadCsv: "Download CSV",
  language: "中文",
  refresh: "Refresh",
  booked: "Booked",
  waiting: "You are on the waitlist",
  error: "Error",
  refund: "Refund",
  refundOf: "refund",
  notifications: "Notifications",
  exceptions: "Finance exceptions",
  retryRefund: "Retry the refund",
  resolve: "Resolve",
  resolution: "Resolution",
  note: "Note",
  parked: "Parked notifications",
  retry: "Retry",
  audit: "Audit",
  show: "Show",
  admin: "Admin",
  createVenue: "New venue",
  timeZone: "Time zone",
  create: "Create",
  createResource: "New resource",
  kind: "Kind",
  capacity: "Capacity",
  parts: "Made of (a combined court: choose its parts)",
  generate: "Generate a month of sessions",
  resource: "Resource id",
  from: "From",
  to: "To",
  weekday: "Weekday",
  start: "Start",
  end: "End",
  priceMinor: "Price (minor units)",
  created: "Created",
  passes: "Passes",
  buy: "Buy",
  useIt: "Book with this pass",
  creditsLeft: "credits left",
  validUntil: "valid until",
  profile: "Profile",
  email: "E-mail",
  channels: "Tell me by",
  save: "Save",
  saved: "Saved",
  moveTo: "Move to",
  move: "Move",
  coach: "New coach",
  room: "New room",
  plan: "New pass plan",
  credits: "Credits (empty: a membership)",
  validity: "Validity",
  policy: "Booking policy",
  holdDuration: "Unpaid bookings are held for (up to 7 days)",
  cancelCutoff: "Full refund until this long before the start",
  offerDuration: "Waitlist offer lasts",
  waitlistMode: "When a seat frees up",
  maxPerBooking: "Seats per booking (1–100)",
  payWith: "Pay with",
  clientParams: "Hand these to the payment sheet",
  findVenue: "Find a venue",
  searchVenues: "Venue name or address",
  nearMe: "Nearest to me",
  noLocation: "Your location is not shared; venues are listed by name.",
  noVenues: "No venue matches.",
  moreVenues: "More venues",
  changeVenue: "Change venue",
  ticket: "Ticket",
  ticketAlt: "Check-in QR code: show it at the desk",
  ticketValid: "Valid until",
  ticketOffline: "shown from this device, offline",
  ticketUnavailable: "The ticket could not be loaded; try again with a connection.",
  loading: "Loading…",
  free: "Free",
  yours: "Yours",
  left: "left",
  gridCaption: "The day's slots: resources across, start times down",
  yourChoice: "Your choice",
  unit: "Unit",
  minutes: "minutes",
  hours: "hours",
  days: "days",
  wechatPay: "WeChat Pay",
  couponCode: "Coupon code",
  wallet: "Wallet",
  walletThen: "Wallet, then",
  memberships: "Memberships",
  offBookings: "off bookings",
  joinFromWallet: "Join (pay from the wallet)",
  renewsOn: "Renews on",
  endsOn: "Ends on",
  stopRenewal: "Stop renewal",
  fromWallet: "from the wallet",
  restBy: "to pay by",
  principal: "Paid in",
  bonus: "Bonus",
  closeWallet: "Close wallet (refund what was paid in)",
  walletClosed: "Wallet closed, on its way back",
  prepaidRules: "Prepaid rules",
  checkInWindow: "Check-in window",
  peakPrice: "Evening (from 17:00) and weekend price",
  checkInAnyTime: "Any time while paid",
  checkIn30: "From 30 min before the start to 15 min after",
  checkIn60: "From 1 h before the start to 30 min after",
  coolingOff: "Refund (7-day cooling-off)",
  coolingOffDone: "Refunded in full",
  storedValueOwed: "Stored value owed",
  weekGrid: "Sessions each week: tick their start times",
  sessionLength: "Each session lasts",
  pastMidnight: "A session may not run past midnight.",
} as const;

export type Key = keyof typeof en;

const zh: Record<Key, string> = {
  app: "fairslot",
  member: "预订",
  desk: "前台",
  signIn: "登录",
  signInWechat: "微信登录（本地）",
  signOut: "退出",
  localOnly: "本地登录：仅限本地运行环境。部署后通过 Cognito 登录。",
  userId: "用户 ID",
  role: "角色",
  roleMember: "会员",
  roleDesk: "前台与财务",
  venue: "场馆",
  date: "日期",
  time: "时间",
  court: "场地",
  seats: "剩余名额",
  price: "价格",
  status: "状态",
  book: "预订",
  pay: "支付",
  cancel: "取消",
  joinWaitlist: "加入候补",
  accept: "接受名额",
  position: "候补位置",
  offerEnds: "名额保留剩余",
  holdEnds: "支付剩余时间",
  myBookings: "我的预订",
  slots: "时段",
  none: "暂无内容。",
  soldOut: "已满",
  taken: "已订",
  waitlist: "候补",
  close: "关闭",
  open: "开放",
  walkIn: "到店预订",
  phone: "手机号",
  name: "姓名",
  quantity: "人数",
  slot: "时段",
  dayBookings: "当天预订",
  checkIn: "签到",
  offlinePaid: "前台已收款",
  report: "日报",
  downloadCsv: "下载 CSV",
  language: "English",
  refresh: "刷新",
  booked: "已预订",
  waiting: "您已在候补名单中",
  error: "错误",
  refund: "退款",
  refundOf: "退款",
  notifications: "通知",
  exceptions: "财务异常",
  retryRefund: "重试退款",
  resolve: "处理",
  resolution: "处理方式",
  note: "备注",
  parked: "发送失败的通知",
  retry: "重试",
  audit: "审计记录",
  show: "查看",
  admin: "管理",
  createVenue: "新建场馆",
  timeZone: "时区",
  create: "创建",
  createResource: "新建场地",
  kind: "类型",
  capacity: "容量",
  parts: "组成部分（组合场地：选择其组成场地）",
  generate: "生成一个月的课程",
  resource: "场地 ID",
  from: "开始日期",
  to: "结束日期",
  weekday: "星期",
  start: "开始",
  end: "结束",
  priceMinor: "价格（分）",
  created: "已创建",
  passes: "次卡与会员卡",
  buy: "购买",
  useIt: "用此卡预订",
  creditsLeft: "剩余次数",
  validUntil: "有效期至",
  profile: "个人资料",
  email: "邮箱",
  channels: "通知方式",
  save: "保存",
  saved: "已保存",
  moveTo: "改到",
  move: "改期",
  coach: "新建教练",
  room: "新建教室",
  plan: "新建卡种",
  credits: "次数（留空：会员卡）",
  validity: "有效期",
  policy: "预订规则",
  holdDuration: "未支付预订保留时长（最长 7 天）",
  cancelCutoff: "开始前多久之前取消可全额退款",
  offerDuration: "候补名额保留时间",
  waitlistMode: "有名额空出时",
  maxPerBooking: "每次最多人数（1–100）",
  payWith: "支付方式",
  clientParams: "交给支付组件的参数",
  findVenue: "找场馆",
  searchVenues: "场馆名称或地址",
  nearMe: "离我最近",
  noLocation: "未共享位置，场馆按名称排列。",
  noVenues: "没有符合的场馆。",
  moreVenues: "更多场馆",
  changeVenue: "换场馆",
  ticket: "入场码",
  ticketAlt: "签到二维码：在前台出示",
  ticketValid: "有效期至",
  ticketOffline: "离线显示（本机保存）",
  ticketUnavailable: "入场码未能加载，请联网后重试。",
  loading: "加载中…",
  free: "可订",
  yours: "已预订",
  left: "个空位",
  gridCaption: "当天时段：横向为场地，纵向为开始时间",
  yourChoice: "已选",
  unit: "单位",
  minutes: "分钟",
  hours: "小时",
  days: "天",
  wechatPay: "微信支付",
  couponCode: "优惠码",
  wallet: "储值卡",
  walletThen: "储值卡，余下用",
  memberships: "会员",
  offBookings: "预订折扣",
  joinFromWallet: "加入（储值卡支付）",
  renewsOn: "续费日期",
  endsOn: "到期日期",
  stopRenewal: "停止续费",
  fromWallet: "由储值卡支付",
  restBy: "待支付，方式：",
  principal: "本金",
  bonus: "赠送",
  closeWallet: "注销储值卡（退还本金）",
  walletClosed: "储值卡已注销，退款处理中",
  prepaidRules: "预付费规则",
  checkInWindow: "签到时间",
  peakPrice: "晚间（17:00 起）及周末价格",
  checkInAnyTime: "已支付即可随时签到",
  checkIn30: "开始前 30 分钟至开始后 15 分钟",
  checkIn60: "开始前 1 小时至开始后 30 分钟",
  coolingOff: "退款（7 天冷静期）",
  coolingOffDone: "已全额退款",
  storedValueOwed: "储值负债",
  weekGrid: "每周课程：勾选开始时间",
  sessionLength: "每节时长",
  pastMidnight: "课程不能跨过午夜。",
};

const stored = localStorage.getItem("fairslot.lang");
// The root re-renders on a switch; every t() reads this.
export const lang = {
  value: (stored === "zh-CN" || (stored === null && navigator.language.startsWith("zh"))
    ? "zh-CN"
    : "en") as Lang,
};

export function t(key: Key): string {
  return lang.value === "zh-CN" ? zh[key] : en[key];
}

export function toggleLang(): void {
  lang.value = lang.value === "en" ? "zh-CN" : "en";
  localStorage.setItem("fairslot.lang", lang.value);
  document.documentElement.lang = lang.value;
}

/** An amount in minor units, shown in major units in the reader's language. */
export function money(minor: number, currency: string): string {
  const f = new Intl.NumberFormat(lang.value, { style: "currency", currency });
  const digits = f.resolvedOptions().maximumFractionDigits ?? 2;
  return f.format(minor / 10 ** digits);
}

/** Every status, channel and kind the API shows, in words: no raw enum reaches the page. */
const words: Record<string, [en: string, zh: string]> = {
  PENDING_PAY: ["Awaiting payment", "待支付"],
  ACTIVE: ["Active", "有效"],
  PAST_DUE: ["Renewal unpaid", "续费未付"],
  P1M: ["month", "月"],
  P3M: ["3 months", "季度"],
  P1Y: ["year", "年"],
  PAID: ["Paid", "已支付"],
  CANCELLED: ["Cancelled", "已取消"],
  EXPIRED: ["Expired", "已过期"],
  REFUNDING: ["Refund in progress", "退款中"],
  REFUNDED: ["Refunded", "已退款"],
  REFUND_FAILED: ["Refund failed", "退款失败"],
  COMPLETED: ["Checked in", "已签到"],
  NO_SHOW: ["No-show", "未到场"],
  OPEN: ["Open", "可预订"],
  CLOSED: ["Closed", "已关闭"],
  WAITING: ["Waiting", "候补中"],
  OFFERED: ["Offered", "已有名额"],
  ACCEPTED: ["Accepted", "已接受"],
  LEFT: ["Left the waitlist", "已退出候补"],
  PENDING: ["Pending", "待发送"],
  SENT: ["Sent", "已发送"],
  PARKED: ["Parked", "已搁置"],
  DISPATCHED: ["Sent", "已发出"],
  EMAIL: ["E-mail", "邮件"],
  SMS: ["SMS", "短信"],
  IN_APP: ["In the app", "应用内"],
  EXCLUSIVE: ["Court (one booking)", "场地（整场预订）"],
  SEATS: ["Class (seats)", "课程（按人数）"],
  REFUND_DELAYED: ["Refund delayed", "退款延迟"],
  AMOUNT_MISMATCH: ["Amount does not match", "金额不符"],
  LATE_PAYMENT_REFUNDED: ["Late payment refunded", "逾期付款已退"],
  UNKNOWN_PAYMENT: ["Unknown payment", "未知付款"],
  SUCCESS_AFTER_FAILURE: ["Paid after a failure", "失败后又成功支付"],
  OUTCOME_NOT_APPLIED: ["Outcome not applied", "结果未生效"],
  REFUND_ABNORMAL: ["Refund bounced", "退款异常"],
  STATEMENT_MISMATCH: ["Statement mismatch", "对账不符"],
  REFUND_ACTION_REQUIRED: ["Refund needs the payer", "退款需付款人处理"],
  DISPUTE_OPENED: ["Dispute opened", "争议已发起"],
  DISPUTE_WON: ["Dispute won", "争议胜诉"],
  DISPUTE_LOST: ["Dispute lost", "争议败诉"],
  REFUNDED_OFFLINE: ["Refunded outside fairslot", "已线下退款"],
  WRITTEN_OFF: ["Written off", "已核销"],
  NO_ACTION: ["Nothing to do", "无需处理"],
  OFFER: ["Offer it to the next in line", "通知下一位候补"],
  AUTO_HOLD: ["Hold it for the next in line", "为下一位候补自动保留"],
  NONE: ["None", "无"],
  "CN-SH-2025": ["Shanghai prepaid rules (2025)", "上海体育健身预付费规定（2025）"],
};

/** {@code value} (a status, channel or kind) in the page's language; unknown ones as given. */
export function word(value: string): string {
  const w = words[value];
  return w ? w[lang.value === "zh-CN" ? 1 : 0] : value;
}

/** What a refusal means, by its code (API.md), as a sentence in the page's language. */
const refusals: Record<string, [en: string, zh: string]> = {
  sold_out: ["Sold out: no seats left.", "已售罄。"],
  already_booked: ["You already have a booking for this slot.", "您已预订该时段。"],
  time_conflict: ["You hold another booking at that time.", "您在该时间已有其他预订。"],
  slot_closed: ["This slot takes no bookings.", "该时段不可预订。"],
  slot_in_past: ["This slot has already started.", "该时段已开始。"],
  hold_expired: ["The hold ran out; book again.", "保留已过期，请重新预订。"],
  cancel_window_closed: ["It is too late to cancel this booking.", "已过取消期限。"],
  booking_window_closed: ["Booking for this slot is not open now.", "该时段当前不可预订。"],
  booking_limit_reached: ["You have as many upcoming bookings as the venue allows.", "您的待进行预订已达场馆上限。"],
  member_suspended: ["You are suspended from booking here after missed sessions.", "因多次未到场，您暂时不能在此预订。"],
  insufficient_credits: ["The pass has too few credits left.", "次卡剩余次数不足。"],
  pass_expired: ["The pass is not valid at that time.", "次卡在该时间无效。"],
  pass_not_valid_here: ["The pass is not valid for this venue or resource.", "次卡不适用于该场馆或场地。"],
  rate_limited: ["Too many requests; try again in a moment.", "请求过于频繁，请稍后再试。"],
  throttled: ["Busy; try again in a moment.", "系统繁忙，请稍后再试。"],
  invalid_transition: ["That cannot be done to it in its present state.", "当前状态下无法执行该操作。"],
  provider_unavailable: ["That way of paying is not available here.", "该支付方式不可用。"],
  amount_below_minimum: ["The amount is below what the payment provider accepts.", "金额低于支付渠道的最低金额。"],
  not_found: ["Not found.", "未找到。"],
  forbidden: ["You may not do that.", "您没有权限执行该操作。"],
  unauthorized: ["Please sign in again.", "请重新登录。"],
  offer_expired: ["The offer is no longer open.", "该候补名额已失效。"],
  seats_available: ["Seats are free: book instead of joining the waitlist.", "仍有名额，请直接预订。"],
  prepaid_limit: ["This would take you beyond the venue's prepaid limits.", "超出场馆预付费额度上限。"],
  check_in_window_closed: ["Check-in is not open for this booking now.", "当前不在该预订的签到时间内。"],
  insufficient_balance: ["The wallet holds too little for this.", "储值余额不足。"],
};

/** A problem the API answered, as a sentence (the API's own detail for bad input). */
export function problem(p: { code: string; detail?: string }): string {
  const r = refusals[p.code];
  if (r) return r[lang.value === "zh-CN" ? 1 : 0];
  const prefix = lang.value === "zh-CN" ? "请求未能完成" : "That did not work";
  return p.detail ? `${prefix}: ${p.detail}` : `${prefix} (${p.code}).`;
}

/** A distance as people read it: metres under a kilometre, else kilometres, in the page's language. */
export function distance(metres: number): string {
  const locale = lang.value;
  return metres < 1000
    ? new Intl.NumberFormat(locale, { style: "unit", unit: "meter", maximumFractionDigits: 0 }).format(metres)
    : new Intl.NumberFormat(locale, { style: "unit", unit: "kilometer", maximumFractionDigits: 1 }).format(metres / 1000);
}

/**
 * The day of an instant the API shows in the venue's zone (2026-12-09T10:00+08:00), in the page's
 * language: "Wed, Dec 9" / "12月9日周三". Read from its digits, so the venue's day, wherever the browser is.
 */
export function venueDay(venueTime: string): string {
  const [y, m, d] = venueTime.slice(0, 10).split("-").map(Number);
  return new Intl.DateTimeFormat(lang.value, { weekday: "short", month: "short", day: "numeric" })
    .format(new Date(y, m - 1, d));
}

/** The venue-local time of an instant the API already shows in the venue's zone. */
export function clock(venueTime: string): string {
  return venueTime.slice(11, 16);
}

/** An ISO-8601 duration's milliseconds (PT2H, P1D, PT30M; what the API writes). */
export function durationMs(iso: string): number {
  const m = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/.exec(iso);
  if (!m) return 0;
  const [, d, h, min, s] = m.map((x) => Number(x ?? 0));
  return (((d * 24 + h) * 60 + min) * 60 + s) * 1000;
}

/** A duration as people say it, in the largest whole unit: "90 days" / "90 天", "2 hours", "15 min". */
export function durationText(iso: string): string {
  const minutes = durationMs(iso) / 60_000;
  const [value, unit] = minutes % 1440 === 0 ? [minutes / 1440, "day"]
    : minutes % 60 === 0 ? [minutes / 60, "hour"] : [minutes, "minute"];
  return new Intl.NumberFormat(lang.value, { style: "unit", unit, unitDisplay: "long" }).format(value);
}

/** Seconds left until an instant, as m:ss (0:00 once past). */
export function countdown(until: string, now: number): string {
  const left = Math.max(0, Math.floor((Date.parse(until) - now) / 1000));
  return Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0");
}
