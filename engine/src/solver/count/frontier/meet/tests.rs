use super::join::*;

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

/// `slots` without its `k`-th.
fn without(slots: &[u32], k: usize) -> Vec<u32> {
    let mut left = slots.to_vec();
    left.remove(k);
    left
}

/// [`joins`] by union-find over the slots and the tour ends the pieces
/// lead to: the reference the walks are checked against.
fn union_find(a: &Links, b: &Links, n: u32, closed: bool) -> bool {
    // Union-find over the slots and the tour ends the pieces lead to.
    let mut parent = [0u8; 24];
    for (i, p) in parent.iter_mut().enumerate() {
        *p = i as u8;
    }
    fn find(parent: &mut [u8; 24], mut x: usize) -> usize {
        while parent[x] as usize != x {
            let up = parent[parent[x] as usize];
            parent[x] = up;
            x = up as usize;
        }
        x
    }
    let (mut nodes, mut merges, mut cycles) = (0u32, 0u32, 0u32);
    let mut next_end = n as usize;
    for i in 0..n {
        let (x, y) = (a[i as usize], b[i as usize]);
        if x == NONE && y == NONE {
            continue;
        }
        nodes += 1;
        for l in [x, y] {
            let other = match l {
                NONE => continue,
                END => {
                    nodes += 1;
                    next_end += 1;
                    next_end - 1
                }
                j if u32::from(j) > i => j as usize,
                // Joined from the other end already.
                _ => continue,
            };
            let (p, q) = (find(&mut parent, i as usize), find(&mut parent, other));
            if p == q {
                cycles += 1;
            } else {
                parent[p] = q as u8;
                merges += 1;
            }
        }
    }
    // One piece in all, and a cycle only where the tour is one.
    merges + 1 == nodes && cycles == u32::from(closed)
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
            let left = without(rest, k);
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
                assert_eq!(one, union_find(&a, &b, 10, true), "{x:?} {y:?}");
                cycles += usize::from(one);
            }
        }
    }
    // For each matching of 2k slots, (2k - 2)!! others make one cycle
    // with it: 1 for 2 slots, 2 for each of 3 on 4, 48 for each of
    // 105 on 8; none for no slot.
    assert_eq!(cycles, 1 + 3 * 2 + 105 * 48);
}

/// The walk along an open tour's pieces against union-find, on every
/// pair of halves over six slots: each slot with no piece, a piece to a
/// tour end, or a piece to another slot.
#[test]
fn the_walk_along_agrees_with_union_find() {
    // Every way to give each of `slots` no piece, an end, or a partner.
    fn halves(slots: &[u32]) -> Vec<Links> {
        let Some((&first, rest)) = slots.split_first() else {
            return vec![[NONE; 16]];
        };
        let mut out = Vec::new();
        for mut h in halves(rest) {
            out.push(h);
            h[first as usize] = END;
            out.push(h);
        }
        for (k, &other) in rest.iter().enumerate() {
            let left = without(rest, k);
            for mut h in halves(&left) {
                (h[first as usize], h[other as usize]) = (other as u8, first as u8);
                out.push(h);
            }
        }
        out
    }
    let all = halves(&[0, 1, 2, 3, 4, 5]);
    let mut paths = 0;
    for a in &all {
        for b in &all {
            let one = one_path(a, b, 6);
            assert_eq!(one, union_find(a, b, 6, false), "{a:?} {b:?}");
            paths += usize::from(one);
        }
    }
    assert!(paths > 1000, "{paths} paths");
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
