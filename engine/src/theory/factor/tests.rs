use super::*;

/// A small network whose maximum flow is known: two paths of capacity
/// one and a shared edge of capacity two, with a cut of 2.
#[test]
fn the_flow_is_maximum_and_its_cut_is_found() {
    let mut flow = Flow::new(5);
    flow.edge(0, 1, 2);
    flow.edge(0, 2, 1);
    flow.edge(1, 3, 1);
    flow.edge(2, 3, 1);
    flow.edge(1, 2, 1);
    flow.edge(3, 4, 2);
    assert_eq!(flow.max(0, 4), 2);
    // Two cuts of 2: {1 -> 3, 2 -> 3} and {3 -> 4}; the residual
    // graph shows the one nearest the source.
    assert_eq!(flow.reach(0), [true, true, true, false, false]);
}

#[test]
fn strongly_connected_components() {
    // 0 <-> 1 -> 2 <-> 3, and 4 alone.
    let arcs = vec![vec![1], vec![0, 2], vec![3], vec![2], vec![]];
    let part = components(&arcs);
    assert_eq!(part[0], part[1]);
    assert_eq!(part[2], part[3]);
    assert_ne!(part[0], part[2]);
    assert!(part[4] != part[0] && part[4] != part[2]);
}
