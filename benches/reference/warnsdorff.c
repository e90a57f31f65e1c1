/* The reference for `cargo bench --bench engine`: the plain Warnsdorff loop
 * of a data-structures course, in C. Every start of every n x n board,
 * n = FROM..TO, that can start an open tour (on odd boards the corners'
 * colour); no backtracking, so some starts fail. At each step it counts
 * the onward moves of each free neighbour and goes to the fewest; ties go
 * to the first in move order ("fixed") or to the square farthest from the
 * centre ("roth").
 *
 * usage: warnsdorff FROM TO fixed|roth
 * prints: starts STARTS failures FAILS ms MILLISECONDS
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const int DR[8] = {2, 1, -1, -2, -2, -1, 1, 2};
static const int DC[8] = {1, 2, 2, 1, -1, -2, -2, -1};
static int visited[128][128];

static int onward(int n, int r, int c) {
    int count = 0;
    for (int k = 0; k < 8; k++) {
        int nr = r + DR[k], nc = c + DC[k];
        if (nr >= 0 && nr < n && nc >= 0 && nc < n && !visited[nr][nc]) count++;
    }
    return count;
}

/* 1 when the walk from (r, c) covers the board. */
static int tour(int n, int r, int c, int roth) {
    memset(visited, 0, sizeof visited);
    visited[r][c] = 1;
    for (int step = 1; step < n * n; step++) {
        int best = -1, best_deg = 9, best_far = -1;
        for (int k = 0; k < 8; k++) {
            int nr = r + DR[k], nc = c + DC[k];
            if (nr < 0 || nr >= n || nc < 0 || nc >= n || visited[nr][nc]) continue;
            int deg = onward(n, nr, nc);
            int far = 0;
            if (roth) {
                int x = 2 * nr - (n - 1), y = 2 * nc - (n - 1);
                far = x * x + y * y;
            }
            if (deg < best_deg || (deg == best_deg && far > best_far)) {
                best = k;
                best_deg = deg;
                best_far = far;
            }
        }
        if (best < 0) return 0;
        r += DR[best];
        c += DC[best];
        visited[r][c] = 1;
    }
    return 1;
}

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: warnsdorff FROM TO fixed|roth\n");
        return 2;
    }
    int from = atoi(argv[1]), to = atoi(argv[2]), roth = strcmp(argv[3], "roth") == 0;
    if (from < 1 || to > 128) return 2;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    long starts = 0, fails = 0;
    for (int n = from; n <= to; n++)
        for (int r = 0; r < n; r++)
            for (int c = 0; c < n; c++) {
                if (n % 2 == 1 && (r + c) % 2 == 1) continue;
                starts++;
                if (!tour(n, r, c, roth)) fails++;
            }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double ms = (t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) / 1e6;
    printf("starts %ld failures %ld ms %.1f\n", starts, fails, ms);
    return 0;
}
