//! The castle (seed 003 L461-503): level-1 groups of three advance one worker to level 2
//! and send one each way around; level-2 groups of three send one to level 3; then
//! every section over three workers is reduced by the active player's choice.

use crate::config::{Level1Expel, Level2Count};
use crate::content::Content;
use crate::effect::Items;
use crate::rules::gain;
use crate::state::{Cause, Effects, Question, Task, Viscounts};
use tabuleiro_core::Seat;

impl Viscounts {
    /// Level-1 sections where the seat has 3 or more workers (L467).
    pub fn level1_groups(&self, seat: Seat) -> Vec<u8> {
        (0..5u8)
            .filter(|&s| self.castle.level1[s as usize][seat as usize] >= 3)
            .collect()
    }

    fn level2_group(&self, seat: Seat) -> Option<u8> {
        (0..5u8).find(|&s| {
            let sec = &self.castle.level2[s as usize];
            let counted = match self.config.level2_count {
                Level2Count::Own => sec[seat as usize],
                Level2Count::Any => sec.iter().sum(),
            };
            counted >= 3 && sec[seat as usize] > 0
        })
    }

    /// One step of the cascade; it re-queues itself until nothing moves.
    pub fn castle_step(&mut self, seat: Seat) {
        // L493: a player's group during another's turn moves after the active player's
        // own castle movements (then the active player's turn goes on).
        if seat != self.current {
            let active = self.current;
            let pending = self
                .tasks
                .iter()
                .rposition(|t| matches!(t, Task::Castle { seat } if *seat == active));
            if let Some(i) = pending {
                self.tasks.insert(i, Task::Castle { seat });
                return;
            }
        }
        let groups = self.level1_groups(seat);
        match groups.len() {
            0 => {}
            1 => return self.advance_group(seat, groups[0]),
            // Several groups: the player chooses the order (L479, "na ordem de sua
            // preferência"; the AI's order is clockwise from its Viscount, L732).
            _ => {
                self.tasks.push(Task::Castle { seat });
                self.tasks.push(Task::Ask {
                    seat,
                    q: Question::Advance,
                    by: None,
                });
                return;
            }
        }
        if let Some(s) = self.level2_group(seat) {
            // To level 3: 1 resource of choice (L481); Castle Leader (L489).
            self.castle.level2[s as usize][seat as usize] -= 1;
            self.castle.level3[seat as usize] += 1;
            self.update_leader(seat);
            self.tasks.push(Task::Castle { seat });
            let r = Content::get().castle.level_3_reward;
            self.tasks.push(Task::Run {
                seat,
                effects: vec![gain(r)].into(),
                by: Some(Cause::Castle { level: 3 }),
            });
            return;
        }
        self.tasks.push(Task::Reduce);
    }

    /// One worker forward (with the section's level-2 reward), one clockwise and one
    /// counter-clockwise (L467-471).
    pub fn advance_group(&mut self, seat: Seat, s: u8) {
        let i = seat as usize;
        self.castle.level1[s as usize][i] -= 3;
        self.castle.level2[s as usize][i] += 1;
        self.castle.level1[((s + 1) % 5) as usize][i] += 1;
        self.castle.level1[((s + 4) % 5) as usize][i] += 1;
        self.tasks.push(Task::Castle { seat });
        let r = &Content::get().castle.level_2_rewards[s as usize];
        self.tasks.push(Task::Run {
            seat,
            effects: Effects::Printed(&r.effects),
            by: Some(Cause::Castle { level: 2 }),
        });
    }

    /// The first to reach level 3 takes the Castle Leader card; another takes it only with
    /// more level-3 workers than its holder (L489).
    fn update_leader(&mut self, seat: Seat) {
        let l3 = &self.castle.level3;
        match self.castle.leader {
            None => self.castle.leader = Some(seat),
            Some(h) if h != seat && l3[seat as usize] > l3[h as usize] => {
                self.castle.leader = Some(seat)
            }
            _ => {}
        }
    }

    /// The first overfull section (level 1, then level 2), if any.
    pub fn overfull(&self) -> Option<(u8, u8)> {
        let max = Content::get().castle.max_per_section;
        for (level, sections) in [(1u8, &self.castle.level1), (2u8, &self.castle.level2)] {
            for (s, sec) in sections.iter().enumerate() {
                if sec.iter().sum::<u8>() > max {
                    return Some((level, s as u8));
                }
            }
        }
        None
    }

    /// Reduce overfull sections to three; the active player chooses whose worker goes
    /// (L483). With one colour there, no choice is asked.
    pub fn reduce(&mut self) {
        let Some((level, s)) = self.overfull() else {
            return;
        };
        let sec = self.section(level, s);
        let mut owners = (0..self.n() as Seat).filter(|&o| sec[o as usize] > 0);
        if let (Some(owner), None) = (owners.next(), owners.next()) {
            self.tasks.push(Task::Reduce);
            self.expel(level, s, owner);
        } else {
            self.tasks.push(Task::Reduce);
            self.tasks.push(Task::Ask {
                seat: self.current,
                q: Question::Expel { level, section: s },
                by: None,
            });
        }
    }

    pub fn section(&self, level: u8, s: u8) -> [u8; tabuleiro_core::MAX_SEATS] {
        if level == 1 {
            self.castle.level1[s as usize]
        } else {
            self.castle.level2[s as usize]
        }
    }

    /// One worker back to its owner's reserve, with the expulsion reward (L485; A2).
    pub fn expel(&mut self, level: u8, s: u8, owner: Seat) {
        let c = Content::get();
        if level == 1 {
            self.castle.level1[s as usize][owner as usize] -= 1;
        } else {
            self.castle.level2[s as usize][owner as usize] -= 1;
        }
        self.pm(owner).reserve += 1;
        let reward = if level == 1 {
            match self.config.level1_expel {
                Level1Expel::TwoSilverEach => c.castle.expel_reward_level_1,
                Level1Expel::OneSilverEach => Items {
                    silver: 1,
                    ..Items::default()
                },
            }
        } else {
            c.castle.expel_reward_level_2
        };
        self.tasks.push(Task::Run {
            seat: owner,
            effects: vec![gain(reward)].into(),
            by: Some(Cause::Castle { level }),
        });
    }
}
