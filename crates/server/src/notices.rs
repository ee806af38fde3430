//! Notices by email (issue 42): a signed-in player who asked for them gets a mail
//! when it is their turn in a turn-based game and when a game they play ends, over
//! the SMTP server the host configures (`--smtp-url`). Notices are queued in the
//! store (one per game and turn: a turn is mailed at most once) and sent every
//! `--notice-every` by one mailer task, one message per player: a digest when
//! several games wait. A mail that cannot be sent is tried again next round.

use crate::hub::Hub;
use crate::now_ms;
use lettre::message::Mailbox;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use std::sync::Arc;
use std::time::Duration;
use tabuleiro_core::Seat;
use tabuleiro_i18n::{Catalog, Lang};
use tabuleiro_store::notices::{Mail, Notice};

/// Where notices are mailed from, and through which server.
#[derive(Clone, Debug)]
pub struct SmtpConfig {
    /// `smtps://user:password@host` (TLS), `smtp://...?tls=required` (STARTTLS
    /// required), or `smtp://host:port` (plain: a server on this machine or a
    /// private network only), as lettre reads them.
    pub url: String,
    /// The sender, as `Name <address>` or an address.
    pub from: String,
    /// How long notices wait, gathering into one mail per player.
    pub every: Duration,
}

/// The accounts served per round: past it, the next round goes on.
const ACCOUNTS_PER_ROUND: i64 = 200;

pub struct Mailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
    every: Duration,
}

impl Mailer {
    pub fn new(config: &SmtpConfig) -> Result<Mailer, String> {
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(&config.url)
            .map_err(|e| format!("--smtp-url {:?}: {e}", config.url))?
            .timeout(Some(Duration::from_secs(20)))
            .build();
        let from = config
            .from
            .parse()
            .map_err(|e| format!("--smtp-from {:?}: {e}", config.from))?;
        Ok(Mailer {
            transport,
            from,
            every: config.every,
        })
    }
}

impl Mailer {
    async fn send(&self, message: Message) -> Result<(), String> {
        self.transport
            .send(message)
            .await
            .map(|_| ())
            .map_err(|e| e.to_string())
    }
}

/// Mails the queued notices every round, for as long as the server runs.
pub fn start(hub: Arc<Hub>, mailer: Arc<Mailer>) {
    tokio::spawn(async move {
        loop {
            tokio::time::sleep(mailer.every).await;
            let sent = send_due(&hub, &mailer).await;
            if sent > 0 {
                tracing::info!(sent, "notices mailed");
            }
        }
    });
}

/// Sends one mail to each player with notices waiting; answers how many were sent.
async fn send_due(hub: &Hub, mailer: &Mailer) -> usize {
    let now = now_ms();
    let mails = match hub.store.claim_notices(now, now, ACCOUNTS_PER_ROUND).await {
        Ok(m) => m,
        Err(e) => {
            tracing::warn!("notices: {e}");
            return 0;
        }
    };
    let base = base_url(hub);
    let mut sent = 0;
    for mail in mails {
        let result = match compose(&mail, &mailer.from, &base) {
            Ok(message) => mailer.send(message).await,
            Err(e) => Err(e),
        };
        match result {
            Ok(_) => sent += 1,
            Err(e) => {
                tracing::warn!("notice to {} not sent: {e}", mail.name);
                let user = &mail.notices[0].user_id;
                if let Err(e) = hub.store.unclaim_notices(user, now).await {
                    tracing::warn!("notices: {e}");
                }
            }
        }
    }
    sent
}

/// Mails a password reset link to an account's address at once, in its language.
pub async fn send_reset(
    mailer: &Mailer,
    hub: &Hub,
    user: &tabuleiro_store::accounts::User,
    token: &str,
) -> Result<(), String> {
    let lang = Lang::parse(&user.lang).unwrap_or(Lang::En);
    let words = Catalog::shared(lang);
    let url = format!("{}/account#reset={token}", base_url(hub));
    let body = format!(
        "{}\n\n{}\n",
        words.text("notice.greeting", &[("name", &user.name)]),
        words.text("notice.reset", &[("url", &url)])
    );
    let subject = words.text("notice.reset.subject", &[]);
    let message = letter(&mailer.from, &user.name, &user.email, subject, body)?;
    mailer.send(message).await
}

/// The address pages are reached at, for the links in mails.
fn base_url(hub: &Hub) -> String {
    hub.settings
        .public_urls
        .first()
        .cloned()
        .unwrap_or_default()
}

/// A plain-text mail to a player.
fn letter(
    from: &Mailbox,
    name: &str,
    email: &str,
    subject: String,
    body: String,
) -> Result<Message, String> {
    let to: Mailbox = format!("{name} <{email}>")
        .parse()
        .map_err(|e| format!("address {email:?}: {e}"))?;
    Message::builder()
        .from(from.clone())
        .to(to)
        .subject(subject)
        .body(body)
        .map_err(|e| e.to_string())
}

/// A notice's line: what happened in which game, and its address.
fn line(n: &Notice, lang: Lang, base: &str) -> String {
    let words = Catalog::for_game(&n.game, lang).unwrap_or_else(|| Catalog::shared(lang));
    let title = words.text("app.title", &[]);
    let url = format!("{base}/games/{}", n.game_id);
    words.text(
        &format!("notice.{}", n.kind),
        &[("game", &title), ("url", &url)],
    )
}

/// The mail for one player: one game's notice, or a digest of several.
pub fn compose(mail: &Mail, from: &Mailbox, base: &str) -> Result<Message, String> {
    let lang = Lang::parse(&mail.lang).unwrap_or(Lang::En);
    let words = Catalog::shared(lang);
    // A game once, by its latest notice (its end after its turns).
    let mut latest: Vec<&Notice> = Vec::new();
    for n in &mail.notices {
        latest.retain(|seen| seen.game_id != n.game_id);
        latest.push(n);
    }
    let lines: Vec<String> = latest.iter().map(|n| line(n, lang, base)).collect();
    let subject = match latest.as_slice() {
        [one] => words.text(&format!("notice.{}.subject", one.kind), &[]),
        many => words.text("notice.digest.subject", &[("n", &many.len().to_string())]),
    };
    let body = format!(
        "{}\n\n{}\n\n{}\n",
        words.text("notice.greeting", &[("name", &mail.name)]),
        lines.join("\n"),
        words.text("notice.footer", &[("url", &format!("{base}/account"))])
    );
    letter(from, &mail.name, &mail.email, subject, body)
}

/// The people whose turn began with the game's last entry, at a turn-based table
/// (a table with a day or so per move, where a mail is the way to learn it); not
/// `actor`, whose own decision that entry was (their turn goes on, it did not come).
pub fn turns_to_mail(live: &crate::live::LiveGame, actor: Seat) -> Vec<Seat> {
    if !turn_based(&live.meta) {
        return Vec::new();
    }
    let now = live.version;
    live.people_to_act()
        .into_iter()
        .filter(|&(seat, since)| since == now && seat != actor)
        .map(|(seat, _)| seat)
        .collect()
}

fn turn_based(meta: &crate::live::Meta) -> bool {
    meta.clock
        .as_ref()
        .is_some_and(|c| c.kind == crate::clock::ClockKind::TurnBased)
}

/// Queues notices for a game's accounts at `version`: a turn for each of `turns`
/// (the seats that came to act then, in a turn-based game) and, when `over`, the
/// end. Only accounts that asked for notices get them (the store's query checks),
/// and a player still at the table (heard from lately) is not mailed for a turn.
pub async fn queue(hub: &Hub, id: &str, game: &str, version: i64, turns: &[Seat], over: bool) {
    if turns.is_empty() && !over {
        return;
    }
    let holders = match hub.store.seat_holders(id).await {
        Ok(h) => h,
        Err(e) => return tracing::warn!("notices: {e}"),
    };
    let now = now_ms();
    for (seat, user_id, _) in holders.iter().filter(|h| h.0 >= 0) {
        let seat = *seat as Seat;
        let turn = turns.contains(&seat) && hub.away(id, seat);
        let kinds = [("turn", turn), ("end", over)];
        for (kind, _) in kinds.iter().filter(|k| k.1) {
            let notice = Notice {
                user_id: user_id.clone(),
                game_id: id.to_string(),
                kind: kind.to_string(),
                since: version,
                game: game.to_string(),
            };
            if let Err(e) = hub.store.queue_notice(&notice, now).await {
                tracing::warn!("notices: {e}");
            }
        }
    }
}
