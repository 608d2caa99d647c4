import { useState } from "preact/hooks";
import { api, ApiError } from "./api";
import { problem, t } from "./i18n";

type Props = { venueId: string; say: (message: string) => void; useVenue: (venueId: string) => void };

/** Set-up: a venue, its resources (a combined court names its parts), a month of sessions. */
export function Admin({ venueId, say, useVenue }: Props) {
  async function act(work: () => Promise<string>) {
    try {
      say(`${t("created")}: ${await work()}`);
    } catch (e) {
      say(e instanceof ApiError ? problem(e.problem) : String(e));
    }
  }
  return (
    <div class="faces">
      <Form key="venue" title={t("createVenue")} id="venue"
        fields={[["name", t("name"), "Riverside Club"], ["timeZone", t("timeZone"), "Asia/Shanghai"]]}
        submit={(v) => act(async () => {
          const created = await api.createVenue(v.name, v.timeZone);
          useVenue(created.venueId);
          return created.venueId;
        })} />
      {venueId && (
        <Form key="resource" title={t("createResource")} id="resource"
          fields={[["name", t("name"), "Court 1"], ["kind", t("kind"), "EXCLUSIVE"], ["capacity", t("capacity"), "1"], ["parts", t("parts"), ""]]}
          submit={(v) => act(async () => {
            const parts = v.parts.split(",").map((x) => x.trim()).filter(Boolean);
            return (await api.createResource(venueId, {
              name: v.name,
              kind: v.kind,
              capacity: Number(v.capacity),
              ...(parts.length ? { parts } : {}),
            })).resourceId;
          })} />
      )}
      {venueId && (
        <Form key="coach" title={t("coach")} id="coach" fields={[["name", t("name"), "Coach Li"]]}
          submit={(v) => act(async () => (await api.createAssignee("coaches", venueId, v.name)).coachId ?? "")} />
      )}
      {venueId && (
        <Form key="room" title={t("room")} id="room" fields={[["name", t("name"), "Studio 2"]]}
          submit={(v) => act(async () => (await api.createAssignee("rooms", venueId, v.name)).roomId ?? "")} />
      )}
      {venueId && (
        <Form key="plan" title={t("plan")} id="plan"
          fields={[["name", t("name"), "Ten classes"], ["credits", t("credits"), "10"], ["validity", t("validity"), "P90D"], ["priceMinor", t("priceMinor"), "60000"]]}
          submit={(v) => act(async () => (await api.createPlan(venueId, {
            name: v.name,
            kind: v.credits.trim() ? "PACK" : "MEMBERSHIP",
            ...(v.credits.trim() ? { credits: Number(v.credits) } : {}),
            validity: v.validity, priceMinor: Number(v.priceMinor), currency: "CNY",
          })).planId)} />
      )}
      {venueId && (
        <Form key="policy" title={t("policy")} id="policy"
          fields={[["holdDuration", t("holdDuration"), "PT15M"], ["cancelCutoff", t("cancelCutoff"), "PT2H"],
            ["offerDuration", t("offerDuration"), "PT30M"], ["waitlistMode", t("waitlistMode"), "OFFER"],
            ["maxPerBooking", t("maxPerBooking"), "4"]]}
          submit={(v) => act(async () => (await api.editPolicy(venueId, {
            ...v, maxPerBooking: Number(v.maxPerBooking),
          })).venueId)} />
      )}
      <Form key="generate" title={t("generate")} id="generate"
        fields={[["resourceId", t("resource"), ""], ["from", t("from"), new Date().toISOString().slice(0, 10)],
          ["to", t("to"), new Date(Date.now() + 30 * 86400_000).toISOString().slice(0, 10)],
          ["dayOfWeek", t("weekday"), "TUE"], ["start", t("start"), "18:00"], ["end", t("end"), "19:00"],
          ["priceMinor", t("priceMinor"), "8000"]]}
        submit={(v) => act(async () => {
          const r = await api.generate({
            resourceId: v.resourceId, from: v.from, to: v.to,
            weekly: [{ dayOfWeek: v.dayOfWeek, start: v.start, end: v.end }],
            priceMinor: Number(v.priceMinor), currency: "CNY",
          });
          return `${r.created.length} ${t("slots")} · ${v.resourceId}`;
        })} />
    </div>
  );
}

function Form(p: {
  title: string;
  id: string;
  fields: [string, string, string][];
  submit: (values: Record<string, string>) => void;
}) {
  const [values, setValues] = useState<Record<string, string>>(
    Object.fromEntries(p.fields.map(([k, , v]) => [k, v])),
  );
  return (
    <section aria-labelledby={p.id + "-h"}>
      <h2 id={p.id + "-h"}>{p.title}</h2>
      <form class="form" onSubmit={(e) => { e.preventDefault(); p.submit(values); }}>
        {p.fields.map(([key, label]) => (
          <label key={key}>
            {label}
            <input name={p.id + "-" + key} value={values[key]}
              onInput={(e) => setValues({ ...values, [key]: (e.target as HTMLInputElement).value })} />
          </label>
        ))}
        <button type="submit">{t("create")}</button>
      </form>
    </section>
  );
}
