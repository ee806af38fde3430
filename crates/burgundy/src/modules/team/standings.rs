//! The team game's final result (seed 000 lines 813-815 "PONTUAÇÃO FINAL", 002
//! lines 847-849, 001 lines 1037-1040): the members' VP added, the higher total
//! first; a tie goes to the team with fewer (or, per seed 001, more) empty spaces
//! on its team board.

use super::{Team, TeamTiebreak};
use tabuleiro_core::{Participant, Seat, Standing};

/// The two teams best first, each with its members and its VP total. `vp` is each
/// seat's VP, `empty` each team's empty spaces (A, B). The rules give no second
/// tie-break for teams (the base game's turn-order track orders players, not
/// teams): a tie on both shares first place.
pub fn team_standings(
    vp: &[i32],
    empty: [u32; 2],
    start: Seat,
    tiebreak: TeamTiebreak,
) -> Vec<Standing> {
    let total = |t: Team| -> i32 { t.members(start).iter().map(|&s| vp[s as usize]).sum() };
    // Seed 000 line 815 "o time com menos espaços vazios"; 001 line 1040 "mais".
    let key = |t: Team| {
        let empty = empty[t as usize] as i64;
        let empty_key = match tiebreak {
            TeamTiebreak::Fewer => empty,
            TeamTiebreak::More => -empty,
        };
        (-(total(t) as i64), empty_key)
    };
    let mut teams = [Team::A, Team::B];
    teams.sort_by_key(|&t| key(t));
    let second = match key(teams[0]) == key(teams[1]) {
        true => 1,
        false => 2,
    };
    teams
        .iter()
        .zip([1, second])
        .map(|(&t, place)| Standing {
            place,
            members: t
                .members(start)
                .iter()
                .map(|&s| Participant::Seat(s))
                .collect(),
            score: total(t),
        })
        .collect()
}
