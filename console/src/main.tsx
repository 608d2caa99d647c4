import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { keep, Session, session, signInLocally, signInWithWechatLocally, signOut, useApi } from "./api";
import { Config, config, finishSignIn, startSignIn } from "./auth";
import { Admin } from "./admin";
import { Desk } from "./desk";
import { lang, t, toggleLang } from "./i18n";
import { Member } from "./member";
import { useVenueName, VenuePicker, VenueSelect } from "./venues";

type Face = "member" | "desk" | "admin";

/** Route: #/ (member), #/desk or #/admin, with ?venue= and ?date= carried in the hash. */
function route(): { face: Face; venue: string; date: string } {
  const [path, query] = location.hash.replace(/^#/, "").split("?");
  const q = new URLSearchParams(query ?? "");
  return {
    face: path === "/desk" ? "desk" : path === "/admin" ? "admin" : "member",
    venue: q.get("venue") ?? localStorage.getItem("fairslot.venue") ?? "",
    date: q.get("date") ?? new Date().toISOString().slice(0, 10),
  };
}

function go(face: Face, venue: string, date: string) {
  localStorage.setItem("fairslot.venue", venue);
  location.hash = `${face === "member" ? "/" : "/" + face}?venue=${encodeURIComponent(venue)}&date=${date}`;
}

// The page and its files kept for a member with no signal (src/sw.js); nothing breaks without it.
if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("/sw.js").catch(() => undefined);
}

function App() {
  const [where, setWhere] = useState(route());
  const [me, setMe] = useState<Session | null>(session());
  const [, setLangShown] = useState(lang.value);
  const [message, setMessage] = useState("");
  const [deployed, setDeployed] = useState<Config | null>(null);
  // the member face lists venues to choose from until one is chosen (remembered for next time)
  const [choosing, setChoosing] = useState(false);
  const venueName = useVenueName(where.venue);
  const picking = where.face === "member" && (choosing || !where.venue);
  useEffect(() => {
    config().then(async (c) => {
      if (!c) return;
      useApi(c.apiUrl);
      setDeployed(c);
      const back = await finishSignIn(c).catch((e) => (setMessage(String(e)), null));
      if (back) setMe(keep(back));
    });
  }, []);
  useEffect(() => {
    const onHash = () => setWhere(route());
    addEventListener("hashchange", onHash);
    document.documentElement.lang = lang.value;
    performance.mark("fairslot-rendered");
    return () => removeEventListener("hashchange", onHash);
  }, []);

  return (
    <>
      <header>
        <h1>{t("app")}</h1>
        <nav aria-label="faces">
          <a href={`#/?venue=${where.venue}&date=${where.date}`} aria-current={where.face === "member" ? "page" : undefined}>{t("member")}</a>
          <a href={`#/desk?venue=${where.venue}&date=${where.date}`} aria-current={where.face === "desk" ? "page" : undefined}>{t("desk")}</a>
          <a href={`#/admin?venue=${where.venue}&date=${where.date}`} aria-current={where.face === "admin" ? "page" : undefined}>{t("admin")}</a>
        </nav>
        <button class="quiet" lang={lang.value === "en" ? "zh-CN" : "en"} onClick={() => { toggleLang(); setLangShown(lang.value); }}>
          {t("language")}
        </button>
        {me && (
          <button class="quiet" onClick={() => { signOut(); setMe(null); }}>
            {t("signOut")} ({me.userId})
          </button>
        )}
      </header>
      <main>
        {picking && (
          <VenuePicker say={setMessage}
            choose={(v) => { setChoosing(false); go("member", v.venueId, where.date); }} />
        )}
        {!me ? (
          deployed ? (
            <button onClick={() => startSignIn(deployed)}>{t("signIn")}</button>
          ) : (
            <SignIn face={where.face} done={setMe} />
          )
        ) : (
          <>
            <form class="form row" onSubmit={(e) => e.preventDefault()}>
              {where.face === "member" ? (
                !picking && (
                  <p class="venue-chosen">
                    <strong>{venueName || where.venue}</strong>{" "}
                    <button type="button" class="quiet" onClick={() => setChoosing(true)}>{t("changeVenue")}</button>
                  </p>
                )
              ) : (
                <VenueSelect venueId={where.venue} name={venueName}
                  choose={(id) => go(where.face, id, where.date)} />
              )}
              <label>
                {t("date")}
                <input name="date" type="date" value={where.date}
                  onChange={(e) => go(where.face, where.venue, (e.target as HTMLInputElement).value)} />
              </label>
            </form>
            <p role="status" aria-live="polite" class="message">{message}</p>
            {where.venue && !picking &&
              (where.face === "desk" ? (
                <Desk venueId={where.venue} date={where.date} say={setMessage} />
              ) : where.face === "member" ? (
                <Member venueId={where.venue} date={where.date} say={setMessage} pickDate={(d) => go("member", where.venue, d)} />
              ) : null)}
            {where.face === "admin" && (
              <Admin venueId={where.venue} say={setMessage} useVenue={(v) => go("admin", v, where.date)} />
            )}
          </>
        )}
      </main>
    </>
  );
}

function SignIn(p: { face: Face; done: (s: Session) => void }) {
  const [userId, setUserId] = useState("");
  const [error, setError] = useState("");
  return (
    <form
      class="form signin"
      onSubmit={async (e) => {
        e.preventDefault();
        try {
          const groups =
            p.face === "desk" ? ["frontdesk", "finance"] : p.face === "admin" ? ["admin"] : ["customer"];
          p.done(await signInLocally(userId.trim(), groups));
        } catch (err) {
          setError(String((err as Error).message));
        }
      }}
    >
      <h2>
        {t("signIn")}: {p.face === "desk" ? t("roleDesk") : p.face === "admin" ? t("admin") : t("roleMember")}
      </h2>
      <p class="note">{t("localOnly")}</p>
      <label>
        {t("userId")}
        <input name="userId" required autocomplete="username" value={userId}
          onInput={(e) => setUserId((e.target as HTMLInputElement).value)} />
      </label>
      <button type="submit">{t("signIn")}</button>
      {p.face === "member" && (
        <button type="button" class="quiet" onClick={async () => {
          try {
            p.done(await signInWithWechatLocally(userId.trim() || "member"));
          } catch (err) {
            setError(String((err as Error).message));
          }
        }}>
          {t("signInWechat")}
        </button>
      )}
      {error && <p role="alert">{error}</p>}
    </form>
  );
}

render(<App />, document.getElementById("app")!);
