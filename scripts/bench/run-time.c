// One run of a command, timed to the microsecond: `run-time INPUT COMMAND [ARGUMENT...]` runs
// COMMAND with INPUT as its standard input and its output thrown away, and prints the wall time
// from the fork to the reaped exit, in seconds. bench-markup.sh takes start-ups with it: `time`
// rounds to the millisecond, a third of what `missive --version` takes.
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: run-time INPUT COMMAND [ARGUMENT...]\n");
        return 64;
    }
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    pid_t child = fork();
    if (child == 0) {
        int input = open(argv[1], O_RDONLY), output = open("/dev/null", O_WRONLY);
        if (input < 0 || output < 0) _exit(66);
        dup2(input, 0);
        dup2(output, 1);
        execvp(argv[2], argv + 2);
        _exit(127);
    }
    int status = 0;
    if (child < 0 || waitpid(child, &status, 0) < 0) return 71;
    clock_gettime(CLOCK_MONOTONIC, &end);
    printf("%.6f\n", (end.tv_sec - start.tv_sec) + (end.tv_nsec - start.tv_nsec) / 1e9);
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : 1;
}
