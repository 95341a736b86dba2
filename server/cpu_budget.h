#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ddb::server {

// How many CPUs this process may use, and so how many serving threads it gets by default: the
// CPUs in its affinity mask (taskset, cpuset) and its cgroup's CPU quota (docker --cpus), the
// smaller of the two. More io threads than that only time-slice the same CPUs and add latency.

// A cgroup's CPU bandwidth limit: `quota_us` of CPU time every `period_us`.
struct CpuQuota {
  std::uint64_t quota_us = 0;
  std::uint64_t period_us = 0;

  // The quota in CPUs (quota_us / period_us): 1.5 for "150000 100000".
  double share() const;
  // The quota in whole CPUs, rounded up (1.5 CPUs → 2), at least 1.
  unsigned cpus() const;
  auto operator<=>(const CpuQuota&) const = default;
};

// cgroup v2's cpu.max ("150000 100000", "max 100000"; the period may be absent, meaning 100000).
// Empty for "max" and for anything that does not read as a positive quota and period.
std::optional<CpuQuota> parse_cpu_max(std::string_view text);

// cgroup v1's cpu.cfs_quota_us and cpu.cfs_period_us (file contents, trailing newline allowed).
// Empty for a quota of -1 (no limit) and for anything that does not read as positive numbers.
std::optional<CpuQuota> parse_cfs_quota(std::string_view quota_us, std::string_view period_us);

// Where /proc/self/cgroup says this process sits: the v2 path (the "0::" line) and the path in
// the v1 hierarchy that holds the cpu controller. Each is empty when the file has no such line.
struct CgroupPaths {
  std::string v2;
  std::string v1_cpu;
};
CgroupPaths parse_proc_self_cgroup(std::string_view text);

// `path` ("/a/b") and each of its ancestors up to "/", innermost first: a limit set on a parent
// cgroup (a systemd slice, a pod) binds its children too.
std::vector<std::string> cgroup_and_ancestors(std::string_view path);

// The number of serving threads and why, for the start-up log.
struct ThreadCount {
  unsigned threads = 1;
  std::string reason;  // "2 CPUs in the affinity mask", "cgroup quota 1.5 CPUs", "--threads"
};

// The default thread count from what the system reports: `affinity_cpus` (0: unknown), the
// cgroup's quota if any, and `machine_cpus` (std::thread::hardware_concurrency(); 0: unknown) as
// the fallback when the affinity mask is unknown. At least 1, at most `max_threads`.
ThreadCount choose_thread_count(unsigned affinity_cpus, std::optional<CpuQuota> quota,
                                unsigned machine_cpus, unsigned max_threads);

// The CPUs in the calling thread's affinity mask (sched_getaffinity), or 0 when it cannot be read.
// Each thread has a mask of its own, inherited from the thread that created it: call it from the
// thread that starts the serving threads.
unsigned affinity_cpu_count();

// The tightest CPU quota among this process's cgroup and its ancestors, v2 (cpu.max under
// /sys/fs/cgroup) or v1 (cpu.cfs_quota_us under /sys/fs/cgroup/cpu,cpuacct or /sys/fs/cgroup/cpu);
// empty when none is set or none can be read.
std::optional<CpuQuota> cgroup_cpu_quota();

// choose_thread_count() with this process's affinity mask, cgroup quota and machine.
ThreadCount default_thread_count(unsigned max_threads);

}  // namespace ddb::server
