#include "server/cpu_budget.h"

#include <sched.h>
#include <spdlog/fmt/fmt.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <fstream>
#include <limits>
#include <memory>
#include <sstream>
#include <thread>

namespace ddb::server {

namespace {

// The kernel's default CFS period, which cpu.max implies when it gives only the quota.
constexpr std::uint64_t kDefaultPeriodUs = 100000;

std::string_view trim(std::string_view s) {
  const auto first = s.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return {};
  const auto last = s.find_last_not_of(" \t\r\n");
  return s.substr(first, last - first + 1);
}

// A whole decimal number above zero, and nothing else.
std::optional<std::uint64_t> positive_number(std::string_view text) {
  std::uint64_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size() || value == 0) {
    return std::nullopt;
  }
  return value;
}

std::optional<std::string> read_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) return std::nullopt;
  return std::move(text).str();
}

std::optional<CpuQuota> tighter(std::optional<CpuQuota> a, std::optional<CpuQuota> b) {
  if (!a) return b;
  if (!b) return a;
  return a->share() <= b->share() ? a : b;
}

std::string plural(unsigned n, std::string_view word) {
  return fmt::format("{} {}{}", n, word, n == 1 ? "" : "s");
}

}  // namespace

double CpuQuota::share() const {
  return period_us == 0 ? 0 : static_cast<double>(quota_us) / static_cast<double>(period_us);
}

unsigned CpuQuota::cpus() const {
  if (period_us == 0) return 1;
  const std::uint64_t whole = quota_us / period_us + (quota_us % period_us != 0 ? 1 : 0);
  return static_cast<unsigned>(
      std::clamp<std::uint64_t>(whole, 1, std::numeric_limits<unsigned>::max()));
}

std::optional<CpuQuota> parse_cpu_max(std::string_view text) {
  text = trim(text);
  const auto space = text.find_first_of(" \t");
  const std::string_view quota = text.substr(0, space);
  const std::string_view period =
      space == std::string_view::npos ? std::string_view{} : trim(text.substr(space));
  if (period.find_first_of(" \t") != std::string_view::npos) return std::nullopt;
  const auto quota_us = positive_number(quota);
  const auto period_us = period.empty() ? kDefaultPeriodUs : positive_number(period);
  // "max" (no limit) lands here too: it is not a number.
  if (!quota_us || !period_us) return std::nullopt;
  return CpuQuota{*quota_us, *period_us};
}

std::optional<CpuQuota> parse_cfs_quota(std::string_view quota_us, std::string_view period_us) {
  // -1 (no limit) is not a positive number either.
  const auto quota = positive_number(trim(quota_us));
  const auto period = positive_number(trim(period_us));
  if (!quota || !period) return std::nullopt;
  return CpuQuota{*quota, *period};
}

CgroupPaths parse_proc_self_cgroup(std::string_view text) {
  // Each line is "hierarchy-ID:controller-list:path" (cgroups(7)); v2's is "0::path".
  CgroupPaths paths;
  while (!text.empty()) {
    const auto newline = text.find('\n');
    const std::string_view line = text.substr(0, newline);
    text = newline == std::string_view::npos ? std::string_view{} : text.substr(newline + 1);
    const auto first = line.find(':');
    const auto second = first == std::string_view::npos ? first : line.find(':', first + 1);
    if (second == std::string_view::npos) continue;
    const std::string_view id = line.substr(0, first);
    const std::string_view controllers = line.substr(first + 1, second - first - 1);
    const std::string_view path = line.substr(second + 1);
    if (path.empty() || path.front() != '/') continue;
    if (id == "0" && controllers.empty()) {
      paths.v2 = std::string(path);
      continue;
    }
    std::string_view rest = controllers;
    while (!rest.empty()) {
      const auto comma = rest.find(',');
      if (rest.substr(0, comma) == "cpu") paths.v1_cpu = std::string(path);
      rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 1);
    }
  }
  return paths;
}

std::vector<std::string> cgroup_and_ancestors(std::string_view path) {
  std::vector<std::string> out;
  std::string current(path);
  while (current.size() > 1 && current.back() == '/') current.pop_back();
  if (current.empty() || current.front() != '/') return {"/"};
  while (true) {
    out.push_back(current);
    if (current == "/") break;
    const auto slash = current.rfind('/');
    current.resize(slash == 0 ? 1 : slash);
  }
  return out;
}

ThreadCount choose_thread_count(unsigned affinity_cpus, std::optional<CpuQuota> quota,
                                unsigned machine_cpus, unsigned max_threads) {
  ThreadCount count;
  if (affinity_cpus > 0) {
    count = {affinity_cpus, plural(affinity_cpus, "CPU") + " in the affinity mask"};
  } else if (machine_cpus > 0) {
    count = {machine_cpus, plural(machine_cpus, "CPU") + " on the machine"};
  } else {
    count = {1, "the number of CPUs is unknown"};
  }
  if (quota && quota->cpus() < count.threads) {
    const double cpus = quota->share();
    count = {quota->cpus(), fmt::format("cgroup quota {:.1f} CPU{}", cpus, cpus > 1 ? "s" : "")};
  }
  if (count.threads > max_threads) {
    count.reason += fmt::format(", at most {}", max_threads);
    count.threads = max_threads;
  }
  count.threads = std::max(count.threads, 1u);
  return count;
}

unsigned affinity_cpu_count() {
  // The mask grows until it holds every CPU the kernel knows of (EINVAL: too small), so that
  // machines with more than CPU_SETSIZE (1024) CPUs are counted too.
  for (int cpus = CPU_SETSIZE; cpus <= (1 << 20); cpus *= 2) {
    const std::size_t size = CPU_ALLOC_SIZE(cpus);
    std::unique_ptr<cpu_set_t, void (*)(cpu_set_t*)> set(CPU_ALLOC(cpus),
                                                         [](cpu_set_t* s) { CPU_FREE(s); });
    if (!set) return 0;
    if (sched_getaffinity(0, size, set.get()) == 0) {
      return static_cast<unsigned>(CPU_COUNT_S(size, set.get()));
    }
    if (errno != EINVAL) return 0;
  }
  return 0;
}

std::optional<CpuQuota> cgroup_cpu_quota() {
  const auto self = read_file("/proc/self/cgroup");
  if (!self) return std::nullopt;
  const CgroupPaths paths = parse_proc_self_cgroup(*self);
  // Inside a container the cgroup file system is often mounted at the container's own cgroup
  // while /proc/self/cgroup still names the full path: the directories that do not exist are
  // skipped, and the walk up reaches the mount's root, which is the container's cgroup.
  std::optional<CpuQuota> quota;
  if (!paths.v2.empty()) {
    for (const std::string& cgroup : cgroup_and_ancestors(paths.v2)) {
      const std::string dir = "/sys/fs/cgroup" + (cgroup == "/" ? "" : cgroup);
      if (auto text = read_file(dir + "/cpu.max")) {
        quota = tighter(quota, parse_cpu_max(*text));
      }
    }
  }
  if (!paths.v1_cpu.empty()) {
    for (const char* mount : {"/sys/fs/cgroup/cpu", "/sys/fs/cgroup/cpu,cpuacct"}) {
      for (const std::string& cgroup : cgroup_and_ancestors(paths.v1_cpu)) {
        const std::string dir = std::string(mount) + (cgroup == "/" ? "" : cgroup);
        auto quota_us = read_file(dir + "/cpu.cfs_quota_us");
        auto period_us = read_file(dir + "/cpu.cfs_period_us");
        if (quota_us && period_us) quota = tighter(quota, parse_cfs_quota(*quota_us, *period_us));
      }
    }
  }
  return quota;
}

ThreadCount default_thread_count(unsigned max_threads) {
  return choose_thread_count(affinity_cpu_count(), cgroup_cpu_quota(),
                             std::thread::hardware_concurrency(), max_threads);
}

}  // namespace ddb::server
