/* The reference for `cargo bench --bench engine`: the recursive
 * backtracking of a data-structures course, in C. From (ROW, COL) of an
 * N x N board it tries the eight moves in the textbook order and stops at
 * the first open tour.
 *
 * usage: backtrack N ROW COL
 * prints: nodes NODES ms MILLISECONDS, then the tour as square indices
 * (row * N + col) in visit order.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static const int DR[8] = {2, 1, -1, -2, -2, -1, 1, 2};
static const int DC[8] = {1, 2, 2, 1, -1, -2, -2, -1};
static int n;
static int step_of[16][16];
static long nodes;

static int go(int r, int c, int step) {
    if (step == n * n) return 1;
    for (int k = 0; k < 8; k++) {
        int nr = r + DR[k], nc = c + DC[k];
        if (nr < 0 || nr >= n || nc < 0 || nc >= n || step_of[nr][nc]) continue;
        step_of[nr][nc] = step + 1;
        nodes++;
        if (go(nr, nc, step + 1)) return 1;
        step_of[nr][nc] = 0;
    }
    return 0;
}

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: backtrack N ROW COL\n");
        return 2;
    }
    n = atoi(argv[1]);
    int r = atoi(argv[2]), c = atoi(argv[3]);
    if (n < 1 || n > 16 || r < 0 || r >= n || c < 0 || c >= n) return 2;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    step_of[r][c] = 1;
    nodes = 1;
    int found = go(r, c, 1);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double ms = (t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) / 1e6;
    printf("nodes %ld ms %.1f\n", nodes, ms);
    if (!found) return 1;
    for (int s = 1; s <= n * n; s++)
        for (int i = 0; i < n * n; i++)
            if (step_of[i / n][i % n] == s) printf("%d%c", i, s == n * n ? '\n' : ' ');
    return 0;
}
