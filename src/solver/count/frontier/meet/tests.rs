use super::*;

/// Links over `n` slots: the pairs given, and the slots whose piece
/// leads to a tour end.
fn links_of(pairs: &[(u32, u32)], ends: &[u32]) -> Links {
    let mut out = [NONE; 16];
    for &(i, j) in pairs {
        (out[i as usize], out[j as usize]) = (j as u8, i as u8);
    }
    for &i in ends {
        out[i as usize] = END;
    }
    out
}

#[test]
fn pieces_join_into_one_cycle_or_one_path() {
    let l = links_of;
    // Closed: two matchings of four slots make one cycle or two.
    assert!(joins(
        &l(&[(0, 1), (2, 3)], &[]),
        &l(&[(1, 2), (3, 0)], &[]),
        4,
        true
    ));
    assert!(!joins(
        &l(&[(0, 1), (2, 3)], &[]),
        &l(&[(0, 1), (2, 3)], &[]),
        4,
        true
    ));
    // A piece above and one below between the same two slots: the tour.
    assert!(joins(&l(&[(0, 1)], &[]), &l(&[(0, 1)], &[]), 4, true));
    assert!(!joins(&l(&[(0, 1)], &[]), &l(&[(0, 1)], &[]), 4, false));
    // Open: end, 0, 1, 2, end; or end, 0, 1, end (not a cycle).
    assert!(joins(&l(&[(1, 2)], &[0]), &l(&[(0, 1)], &[2]), 4, false));
    assert!(joins(&l(&[], &[0, 1]), &l(&[(0, 1)], &[]), 4, false));
    assert!(!joins(&l(&[], &[0, 1]), &l(&[(0, 1)], &[]), 4, true));
    // A slot with one move in all is a tour end: 0, 1, end.
    assert!(joins(&l(&[(0, 1)], &[]), &l(&[], &[1]), 4, false));
    // Two paths are not a tour.
    assert!(!joins(
        &l(&[(0, 1), (2, 3)], &[]),
        &l(&[], &[1, 2]),
        4,
        false
    ));
}

/// The walk round a closed tour's pieces against union-find, on every
/// pair of perfect matchings of up to eight slots (and pieces that are
/// whole in one half: slots with no link on either side).
#[test]
fn the_walk_round_agrees_with_union_find() {
    fn matchings(slots: &[u32]) -> Vec<Vec<(u32, u32)>> {
        let Some((&first, rest)) = slots.split_first() else {
            return vec![Vec::new()];
        };
        let mut out = Vec::new();
        for (k, &other) in rest.iter().enumerate() {
            let left: Vec<u32> = rest
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != k)
                .map(|(_, &x)| x)
                .collect();
            for mut m in matchings(&left) {
                m.push((first, other));
                out.push(m);
            }
        }
        out
    }
    let mut cycles = 0;
    for slots in [
        vec![],
        vec![0, 1],
        vec![1, 3, 4, 6],
        vec![0, 1, 2, 3, 5, 7, 8, 9],
    ] {
        let all = matchings(&slots);
        for x in &all {
            for y in &all {
                let (a, b) = (links_of(x, &[]), links_of(y, &[]));
                let one = one_cycle(&a, &b, 10);
                assert_eq!(one, pieces_join(&a, &b, 10, true), "{x:?} {y:?}");
                cycles += usize::from(one);
            }
        }
    }
    // For each matching of 2k slots, (2k - 2)!! others make one cycle
    // with it: 1 for 2 slots, 2 for each of 3 on 4, 48 for each of
    // 105 on 8; none for no slot.
    assert_eq!(cycles, 1 + 3 * 2 + 105 * 48);
}

#[test]
fn the_lower_half_is_read_from_above() {
    // w = 2: slots 1, 2 are the row further from the cut, 3, 4 the
    // nearer; from above they come the other way round.
    let s: u64 = 0x4_3_2_1_0;
    assert_eq!(upside_down(s, 2), 0x2_1_4_3_0);
    assert_eq!(upside_down(upside_down(s, 2), 2), s);
    assert_eq!(degrees(0xf_1_0_1_0u64, 4), 0b10_01_00_01);
}
