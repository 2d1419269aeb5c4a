// The keeper: the process the runner starts for each adapter (one-shot or
// persistent), which runs the adapter below it, in a PID namespace of its
// own where the kernel allows it, so that no process the adapter starts
// outlives its case, its run, or a killed runner (docs/security.md, G8a).
// Used by runners/backends/subprocess.cc; the runner starts children only this way.
//
//   int error = 0;
//   pid_t keeper = SpawnKept(program, argv, -1, out_fd, err_fd, true, error);
//   ... wait for keeper (it ends as the adapter ended), kill(-keeper, SIGKILL) ...
//   int status = ReapKeeper(keeper);
//
// ONNX_CONFORM_NO_PID_NAMESPACE=1 keeps adapters in the runner's namespace.
#ifndef ONNX_CONFORM_RUNNERS_PROCESS_KEEPER_H_
#define ONNX_CONFORM_RUNNERS_PROCESS_KEEPER_H_

#include <sys/types.h>

#include <string>

namespace onnx_conform {

// Starts `program` (argv as given; resolved already) below a keeper in a
// process group of its own: stdin from in_fd (or /dev/null when -1), stdout
// and stderr to out_fd and err_fd. Returns the keeper's pid, which ends as
// the program ends (its exit code, or its signal); or -1 with `error` set
// when fork or exec failed.
pid_t SpawnKept(const std::string& program, char* const argv[], int in_fd, int out_fd, int err_fd,
                bool die_with_thread, int& error);

// Reaps a keeper (its wait status), then kills and reaps whatever its
// adapter left behind that came back to the runner.
int ReapKeeper(pid_t pid);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_PROCESS_KEEPER_H_
