//! A plain-text picture of a position, for `tabuleiro position show` and bug reports.

use crate::setup::stage_name;
use crate::state::{Burgundy, Stage, PHASES};
use std::fmt::Write;
use tabuleiro_core::Seat;

const ROWS: [usize; 7] = [4, 5, 6, 7, 6, 5, 4];

impl Burgundy {
    pub fn describe(&self) -> String {
        let mut s = String::new();
        let phase = PHASES[self.phase.min(4) as usize];
        let _ = writeln!(
            s,
            "The Castles of Burgundy, {} players, {:?} edition. Phase {phase} · Round {} · stage {}",
            self.players.len(),
            self.config.edition,
            self.round + 1,
            stage_name(&self.stage)
        );
        if !self.config.content.is_embedded() {
            // Issue 15: no one mistakes a content file's data for the printed content.
            let _ = writeln!(
                s,
                "Custom content: a content file replaces {} (not the printed content)",
                self.config.content.replaced().join(", ")
            );
        }
        if let Stage::Turn(t) = &self.stage {
            let dice: Vec<String> = t
                .dice
                .iter()
                .map(|d| d.map_or("used".into(), |v| v.to_string()))
                .collect();
            let _ = writeln!(
                s,
                "Seat {} to play; dice {}; waiting for {:?}",
                t.seat,
                dice.join(" "),
                t.pending.last()
            );
        }
        let _ = writeln!(
            s,
            "White die {}, held by the start player ({}); goods still to come this phase {:?}",
            self.white,
            self.white_die_holder(),
            self.round_goods
        );
        for d in 0..6 {
            let tiles: Vec<String> = self.depots[d].iter().map(|t| t.to_string()).collect();
            let goods: Vec<String> = (0..6)
                .filter(|&t| self.depot_goods[d][t] > 0)
                .map(|t| format!("{}x{}", self.depot_goods[d][t], t + 1))
                .collect();
            let _ = writeln!(
                s,
                "Depot {}: {} | goods {}",
                d + 1,
                tiles.join(", "),
                goods.join(" ")
            );
        }
        let black: Vec<String> = self.black_depot.iter().map(|t| t.to_string()).collect();
        let _ = writeln!(s, "Black depot: {}", black.join(", "));
        if let Some(v) = self.vineyards() {
            s.push_str(&crate::modules::vine_table_lines(
                v,
                &self.content().vineyard,
            ));
        }
        let order: Vec<String> = self.track_order().iter().map(|s| s.to_string()).collect();
        let _ = writeln!(s, "Turn order (track): {}", order.join(" > "));
        for (seat, p) in self.players.iter().enumerate() {
            let duchy = self.duchy(seat as tabuleiro_core::Seat);
            let verified = if duchy.verified {
                ""
            } else {
                " (board data unverified)"
            };
            let _ = writeln!(
                s,
                "\nSeat {seat}: {} VP, {} silver, {} workers, goods {:?}, sold {:?}, storage [{}], duchy {}{verified}",
                p.vp,
                p.silver,
                p.workers,
                p.goods,
                p.sold,
                p.storage.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(", "),
                duchy.number
            );
            if let Some(route) = self.modules.trade_routes.get(seat) {
                let _ = writeln!(s, "{}", route_line(route, &self.content().trade_routes));
            }
            if let Some(v) = self.vineyards().and_then(|v| v.seats.get(seat)) {
                s.push_str(&crate::modules::vine_seat_lines(v));
            }
            if let Some(team) = self.team_line(seat as Seat) {
                let _ = writeln!(s, "{team}");
            }
            for half in crate::modules::board_halves(self.content(), duchy) {
                let mut ids = half.into_iter();
                for &len in &ROWS {
                    let mut line = " ".repeat(3 * (7 - len));
                    for id in ids.by_ref().take(len) {
                        let cell = match p.spaces[id] {
                            Some(t) => format!("{:>2}:{:<3}", id, short(&t.to_string())),
                            None => format!(
                                "{:>2}:{}{} ",
                                id,
                                duchy.colours[id].letter(),
                                duchy.dice[id]
                            ),
                        };
                        line.push_str(&cell);
                    }
                    let _ = writeln!(s, "{line}");
                }
            }
        }
        if let Some(ad) = &self.modules.auto_duke {
            s.push_str(&auto_duke_lines(ad, &self.content().auto_duke));
        }
        s
    }

    /// Who holds the white die: the start player, "aquele que está mais à frente no
    /// indicador de ordem de jogo - ou no topo, em caso de empate" (seed 000 line 277).
    /// Read off the track (and the AutoDuke's marker), never stored apart from it.
    pub fn white_die_holder(&self) -> String {
        let seat = self.track_order_iter().next();
        let seat_space = seat.map(|s| self.track_position(s).0);
        let auto_duke = self.modules.auto_duke.as_ref().filter(|ad| {
            let stack = self.track.get(ad.marker as usize).map_or(0, Vec::len);
            let on_top = ad.under as usize == stack;
            seat_space.is_none_or(|space| {
                (ad.marker as usize) > space || (ad.marker as usize == space && on_top)
            })
        });
        match (auto_duke, seat) {
            (Some(_), _) => "the AutoDuke".into(),
            (None, Some(seat)) => format!("seat {seat}"),
            (None, None) => "nobody yet".into(),
        }
    }

    /// The team game: the seat's team, its partner and the shared key spaces.
    fn team_line(&self, seat: Seat) -> Option<String> {
        let team = self.modules.team.as_ref()?;
        let (t, partner) = team.team_of(seat);
        let shared: Vec<String> = team.shared[t].iter().map(|t| t.to_string()).collect();
        Some(format!(
            "Team {} with seat {partner} (the storage's last {} are shared: [{}])",
            ["A", "B"][t],
            shared.len(),
            shared.join(", ")
        ))
    }
}

/// A trade route, tile by tile: each space's number and bonus, the good laid on it
/// (`[2]`), and the tiles whose content is a reconstruction marked "provisional".
fn route_line(route: &crate::modules::TradeRoute, data: &crate::modules::TradeRouteData) -> String {
    let mut laid = route.goods.iter();
    let tiles: Vec<String> = route
        .tiles
        .iter()
        .filter_map(|&n| data.tile(n))
        .map(|t| {
            let spaces: Vec<String> = t
                .spaces
                .iter()
                .map(|sp| {
                    let bonus = serde_json::to_value(sp.bonus).unwrap_or_default();
                    let amount = if sp.amount > 0 {
                        format!(" {}", sp.amount)
                    } else {
                        String::new()
                    };
                    let good = laid.next().map_or(String::new(), |g| format!(" [{g}]"));
                    format!(
                        "{}:{}{amount}{good}",
                        sp.goods,
                        bonus.as_str().unwrap_or("?")
                    )
                })
                .collect();
            let mark = if t.verified { "" } else { " (provisional)" };
            format!("tile {}{mark}: {}", t.number, spaces.join(", "))
        })
        .collect();
    format!("  trade route: {}", tiles.join(" | "))
}

/// Three-letter abbreviation of a placed tile, upper case so it stands out from empty
/// spaces (which show colour letter and number).
fn short(name: &str) -> String {
    let digits: String = name.chars().filter(|c| c.is_ascii_digit()).collect();
    let letters: String = name
        .chars()
        .filter(|c| c.is_ascii_alphabetic())
        .take(3 - digits.len().min(2))
        .collect();
    format!("{}{digits}", letters.to_uppercase())
}

/// The AutoDuke's board: its VP, silver, goods, marker, cards (space by space:
/// `C`/`B`/... empty, the tile, `?` face down, `$` a sell symbol, `H` a hexamino
/// symbol; `TP`/`S` the
/// trading-post and shield symbols), duchy, reserve, shields;
/// its cards and boards marked "(provisional)" while reconstructed.
fn auto_duke_lines(ad: &crate::modules::AutoDuke, data: &crate::modules::AutoDukeData) -> String {
    use crate::modules::Held;
    let mark = if data.verified { "" } else { " (provisional)" };
    let held = |h: &Option<Held>, colour: crate::tile::Colour| match h {
        Some(h) if h.face_down => format!("?{}", short(&h.tile.to_string())),
        Some(h) => short(&h.tile.to_string()),
        None => colour.letter().to_string(),
    };
    let mut s = String::new();
    let _ = writeln!(
        s,
        "\nAutoDuke: {} VP, {} silver, goods {:?}, sold {:?}, marker on track space {} above {} seat(s), die {}, board {}{mark}",
        ad.vp,
        ad.silver,
        ad.goods,
        ad.sold,
        ad.marker,
        ad.under,
        ad.die.map_or("-".into(), |d| d.to_string()),
        ad.board
    );
    for (i, c) in ad.cards.iter().enumerate() {
        let Some(d) = data.card(c.number) else {
            continue;
        };
        let spaces: Vec<String> = (0..c.spaces.len())
            .map(|sp| {
                let sell = if d.sell.contains(&sp) { "$" } else { "" };
                let vine = if d.hexamino.contains(&sp) { "H" } else { "" };
                format!("{}{sell}{vine}", held(&c.spaces[sp], d.spaces[sp]))
            })
            .collect();
        // Expansion symbols: `TP` a trading post, `S` a shield.
        let symbols = [(d.trading_post, " TP"), (d.shield, " S")];
        let symbols: String = symbols.iter().filter(|x| x.0).map(|x| x.1).collect();
        let side = ["left (1-4)", "right (5-6)"][i.min(1)];
        let _ = writeln!(
            s,
            "  card {} {side}: {}{symbols} | VP {:?}{mark}",
            c.number,
            spaces.join(" "),
            d.vp
        );
    }
    if let Some(board) = data.board(ad.board) {
        let duchy: Vec<String> = (0..ad.duchy.len())
            .map(|sp| format!("{sp}:{}", held(&ad.duchy[sp], board.spaces[sp])))
            .collect();
        let _ = writeln!(s, "  duchy: {}", duchy.join(" "));
    }
    let list = |tiles: &[crate::tile::Tile]| {
        tiles
            .iter()
            .map(|t| t.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let _ = writeln!(
        s,
        "  reserve: [{}], face down [{}], stacked [{}]; deck {} card(s), completed {:?}",
        list(&ad.reserve),
        list(&ad.wild),
        list(&ad.stacked),
        ad.deck.len(),
        ad.completed
    );
    if !ad.hexaminoes.is_empty() {
        let pile: Vec<String> = ad.hexaminoes.iter().map(|h| h.to_string()).collect();
        let _ = writeln!(s, "  hexaminoes [{}]", pile.join(", "));
    }
    if !ad.shields.is_empty() || ad.trading_post_tile.is_some() {
        let tile = ad.trading_post_tile.map_or("-".into(), |t| t.to_string());
        let shields = &ad.shields;
        let _ = writeln!(
            s,
            "  shields (face down) {shields:?}, trading-post tile {tile}"
        );
    }
    s
}
