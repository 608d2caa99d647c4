import { useEffect, useState } from "preact/hooks";
import { api, ApiError, Booking, Profile, Slot } from "./api";
import { clock, durationText, money, problem, t, venueDay, word } from "./i18n";
import { usePoll } from "./poll";

type Act = (work: () => Promise<unknown>) => Promise<void>;

/**
 * The member's stored value at this venue (v1.3): principal and bonus apart, spent by paying with
 * "Wallet"; closing it refunds the principal to the top-ups and forfeits the bonus.
 */
export function WalletPanel(p: { venueId: string; act: Act; say: (message: string) => void }) {
  const wallets = usePoll(() => api.myWallets(), 10000, []);
  const here = (wallets.value?.items ?? []).find((w) => w.venueId === p.venueId);
  if (!here) return null;
  return (
    <section aria-labelledby="wallet-h">
      <h2 id="wallet-h">{t("wallet")}</h2>
      <div class="card" data-wallet={here.venueId}>
        <div data-balance>{money(here.balanceMinor, here.currency)}</div>
        <div>
          {t("principal")} {money(here.principalMinor, here.currency)} · {t("bonus")} {money(here.bonusMinor, here.currency)}
        </div>
        {here.balanceMinor > 0 && (
          <button class="quiet" onClick={() => p.act(async () => {
            const closed = await api.closeWallet(p.venueId);
            p.say(`${t("walletClosed")}: ${money(closed.refundedMinor, closed.currency)}`);
            wallets.again();
          })}>{t("closeWallet")}</button>
        )}
      </div>
    </section>
  );
}

/**
 * Memberships (v1.3): the venue's plans to join (from the wallet, or by the default provider), and
 * mine here with their state in words and the day the period ends; a running one's renewal can be
 * stopped (it then ends on that day).
 */
export function MembershipPanel(p: { venueId: string; act: Act; say: (message: string) => void }) {
  const plans = usePoll(() => api.membershipPlans(p.venueId), 60000, [p.venueId]);
  const mine = usePoll(() => api.myMemberships(), 10000, []);
  const here = (mine.value?.items ?? []).filter((m) => m.venueId === p.venueId);
  if ((plans.value?.items ?? []).length === 0 && here.length === 0) return null;
  return (
    <section aria-labelledby="memberships-h">
      <h2 id="memberships-h">{t("memberships")}</h2>
      <ul class="cards">
        {(plans.value?.items ?? []).map((plan) => (
          <li class="card" key={plan.planId} data-membership-plan={plan.planId}>
            <div>{plan.name}</div>
            <div>{money(plan.priceMinor, plan.currency)} / {word(plan.period)}</div>
            {plan.benefits.percentOff && <div>{plan.benefits.percentOff}% {t("offBookings")}</div>}
            <button class="quiet" onClick={() => p.act(async () => {
              await api.subscribe(plan.planId, "wallet");
              mine.again();
            })}>{t("joinFromWallet")}</button>
          </li>
        ))}
        {here.map((m) => (
          <li class="card" key={m.membershipId} data-membership={m.membershipId}>
            <div>{m.name}</div>
            <div class="status" data-status={m.status}>{word(m.status)}</div>
            {m.currentPeriodEnd && (
              <div>{m.cancelAtPeriodEnd ? t("endsOn") : t("renewsOn")} {venueDay(m.currentPeriodEnd)}</div>
            )}
            {(m.status === "ACTIVE" && !m.cancelAtPeriodEnd) && (
              <button class="quiet" onClick={() => p.act(async () => {
                await api.cancelMembership(m.membershipId);
                mine.again();
              })}>{t("stopRenewal")}</button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The venue's plans to buy, and my passes: a pass books a slot of the day without money. Where
 * the venue keeps Shanghai's prepaid rules, an unused pack may be refunded in full in its first 7
 * days (the server judges the days and the use).
 */
export function Passes(p: { venueId: string; slots: Slot[]; act: Act; say: (message: string) => void }) {
  const plans = usePoll(() => api.plans(p.venueId), 60000, [p.venueId]);
  const mine = usePoll(() => api.myPasses(), 10000, []);
  const venue = usePoll(() => api.venue(p.venueId), 60000, [p.venueId]);
  const coolingOff = venue.value?.policy?.prepaidRules === "CN-SH-2025";
  const creditsOf = (planId: string) => plans.value?.items.find((x) => x.planId === planId)?.credits;
  const open = p.slots.filter((s) => s.status === "OPEN" && s.remaining > 0);
  const [slotId, setSlotId] = useState("");
  const chosen = slotId || open[0]?.slotId || "";
  return (
    <section aria-labelledby="passes-h">
      <h2 id="passes-h">{t("passes")}</h2>
      <ul class="cards">
        {(plans.value?.items ?? []).map((plan) => (
          <li class="card" key={plan.planId}>
            <div>{plan.name}</div>
            <div>{plan.credits ?? "∞"} · {durationText(plan.validity)}</div>
            <div>{money(plan.priceMinor, plan.currency)}</div>
            <button class="quiet" onClick={() => p.act(async () => {
              const pass = await api.buyPass(plan.planId);
              await api.payPass(pass.passId);
              mine.again();
            })}>{t("buy")}</button>
          </li>
        ))}
        {(mine.value?.items ?? []).filter((x) => x.status === "ACTIVE").map((pass) => (
          <li class="card" key={pass.passId} data-pass={pass.passId}>
            <div>{pass.name}</div>
            <div>{pass.creditsLeft ?? "∞"} {t("creditsLeft")}</div>
            {pass.validUntil && <div>{t("validUntil")} {venueDay(pass.validUntil)}</div>}
            <label>
              {t("slot")}
              <select value={chosen} onChange={(e) => setSlotId((e.target as HTMLSelectElement).value)}>
                {open.map((s) => <option key={s.slotId} value={s.slotId}>{clock(s.start)}</option>)}
              </select>
            </label>
            <button disabled={!chosen} onClick={() => p.act(() => api.bookWithPass(chosen, pass.passId)).then(mine.again)}>
              {t("useIt")}
            </button>
            {coolingOff && pass.creditsLeft !== undefined && pass.creditsLeft === creditsOf(pass.planId) && (
              <button class="quiet" onClick={() => p.act(async () => {
                const made = await api.coolOffPass(pass.passId);
                p.say(`${t("coolingOffDone")}: ${money(made.refund.amountMinor, made.refund.currency)}`);
                mine.again();
              })}>{t("coolingOff")}</button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A booking moved to another slot of the day (one transaction: the seats taken there, freed here). */
export function Move(p: { b: Booking; slots: Slot[]; act: Act }) {
  const targets = p.slots.filter(
    (s) => s.slotId !== p.b.slotId && s.status === "OPEN" && s.remaining >= p.b.quantity,
  );
  const [to, setTo] = useState("");
  if (targets.length === 0) return null;
  const chosen = to || targets[0].slotId;
  return (
    <span class="move">
      <label>
        <span class="sr">{t("moveTo")}</span>
        <select aria-label={t("moveTo")} value={chosen} onChange={(e) => setTo((e.target as HTMLSelectElement).value)}>
          {targets.map((s) => <option key={s.slotId} value={s.slotId}>{clock(s.start)}</option>)}
        </select>
      </label>
      <button class="quiet" onClick={() => p.act(() => api.reschedule(p.b.bookingId, chosen))}>{t("move")}</button>
    </span>
  );
}

/** My profile and the channels I am told by (e-mail and SMS go only to verified addresses). */
export function ProfileForm(p: { say: (m: string) => void }) {
  const [profile, setProfile] = useState<Profile | null>(null);
  useEffect(() => {
    api.profile().then(setProfile).catch(() => setProfile({ channels: [], emailVerified: false, phoneVerified: false }));
  }, []);
  if (!profile) return null;
  const set = (k: keyof Profile, v: unknown) => setProfile({ ...profile, [k]: v });
  const channel = (c: string, on: boolean) =>
    set("channels", on ? [...new Set([...profile.channels, c])] : profile.channels.filter((x) => x !== c));
  return (
    <section aria-labelledby="profile-h">
      <h2 id="profile-h">{t("profile")}</h2>
      <form class="form" onSubmit={async (e) => {
        e.preventDefault();
        try {
          setProfile(await api.saveProfile({ name: profile.name || undefined, email: profile.email || undefined,
            phone: profile.phone || undefined, channels: profile.channels }));
          p.say(t("saved"));
        } catch (err) {
          p.say(err instanceof ApiError ? problem(err.problem) : String(err));
        }
      }}>
        <label>{t("name")}<input name="profile-name" value={profile.name ?? ""} onInput={(e) => set("name", (e.target as HTMLInputElement).value)} /></label>
        <label>{t("email")}<input name="profile-email" type="email" value={profile.email ?? ""} onInput={(e) => set("email", (e.target as HTMLInputElement).value)} /></label>
        <label>{t("phone")}<input name="profile-phone" type="tel" value={profile.phone ?? ""} onInput={(e) => set("phone", (e.target as HTMLInputElement).value)} /></label>
        <fieldset>
          <legend>{t("channels")}</legend>
          {["EMAIL", "SMS"].map((c) => (
            <label key={c} class="check">
              <input type="checkbox" checked={profile.channels.includes(c)} onChange={(e) => channel(c, (e.target as HTMLInputElement).checked)} />
              {word(c)}
            </label>
          ))}
        </fieldset>
        <button type="submit">{t("save")}</button>
      </form>
    </section>
  );
}
