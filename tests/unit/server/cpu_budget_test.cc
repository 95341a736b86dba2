#include "server/cpu_budget.h"

#include <gtest/gtest.h>
#include <sched.h>

#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace ddb::server {
namespace {

TEST(CpuMax, MaxMeansNoLimit) {
  EXPECT_EQ(parse_cpu_max("max 100000\n"), std::nullopt);
  EXPECT_EQ(parse_cpu_max("max"), std::nullopt);
}

TEST(CpuMax, ReadsQuotaAndPeriod) {
  EXPECT_EQ(parse_cpu_max("150000 100000\n"), (CpuQuota{150000, 100000}));
}

TEST(CpuMax, AQuotaWithoutPeriodUsesTheDefaultPeriod) {
  EXPECT_EQ(parse_cpu_max("200000"), (CpuQuota{200000, 100000}));
}

TEST(CpuMax, GarbageMeansNoLimit) {
  for (const char* text : {"", "\n", "abc", "150000 abc", "-1 100000", "0 100000", "150000 0",
                           "1.5 100000", "150000 100000 7", "150000  100000x"}) {
    EXPECT_EQ(parse_cpu_max(text), std::nullopt) << text;
  }
}

TEST(CpuQuota, RoundsPartialCpusUp) {
  EXPECT_EQ(parse_cpu_max("150000 100000")->cpus(), 2u);
  EXPECT_EQ(parse_cpu_max("50000 100000")->cpus(), 1u);
  EXPECT_EQ(parse_cpu_max("100000 100000")->cpus(), 1u);
  EXPECT_EQ(parse_cpu_max("400000 100000")->cpus(), 4u);
  EXPECT_EQ(parse_cpu_max("1000 100000")->cpus(), 1u);
}

TEST(CfsQuota, MinusOneMeansNoLimit) {
  EXPECT_EQ(parse_cfs_quota("-1\n", "100000\n"), std::nullopt);
}

TEST(CfsQuota, ReadsQuotaAndPeriodFiles) {
  EXPECT_EQ(parse_cfs_quota("50000\n", "100000\n"), (CpuQuota{50000, 100000}));
  EXPECT_EQ(parse_cfs_quota("250000", "100000")->cpus(), 3u);
}

TEST(CfsQuota, GarbageMeansNoLimit) {
  EXPECT_EQ(parse_cfs_quota("", "100000"), std::nullopt);
  EXPECT_EQ(parse_cfs_quota("50000", ""), std::nullopt);
  EXPECT_EQ(parse_cfs_quota("lots", "100000"), std::nullopt);
  EXPECT_EQ(parse_cfs_quota("50000", "0"), std::nullopt);
}

TEST(ProcSelfCgroup, FindsTheV2PathOnAPureV2System) {
  CgroupPaths paths = parse_proc_self_cgroup("0::/system.slice/docker-abc.scope\n");
  EXPECT_EQ(paths.v2, "/system.slice/docker-abc.scope");
  EXPECT_EQ(paths.v1_cpu, "");
}

TEST(ProcSelfCgroup, FindsTheV1CpuControllerAmongOthers) {
  CgroupPaths paths = parse_proc_self_cgroup(
      "12:memory:/docker/abc\n"
      "4:cpu,cpuacct:/docker/abc\n"
      "1:name=systemd:/docker/abc\n"
      "0::/\n");
  EXPECT_EQ(paths.v1_cpu, "/docker/abc");
  EXPECT_EQ(paths.v2, "/");
}

TEST(ProcSelfCgroup, CpuacctAloneIsNotTheCpuController) {
  CgroupPaths paths = parse_proc_self_cgroup("2:cpuacct:/a\n1:cpu:/b\n");
  EXPECT_EQ(paths.v1_cpu, "/b");
}

TEST(ProcSelfCgroup, IgnoresMalformedLines) {
  CgroupPaths paths = parse_proc_self_cgroup("garbage\n3:cpu\n0::relative\n\n");
  EXPECT_EQ(paths.v2, "");
  EXPECT_EQ(paths.v1_cpu, "");
}

TEST(CgroupAncestors, ListsTheCgroupThenEachParentUpToTheRoot) {
  EXPECT_EQ(cgroup_and_ancestors("/a/b/c"),
            (std::vector<std::string>{"/a/b/c", "/a/b", "/a", "/"}));
  EXPECT_EQ(cgroup_and_ancestors("/a/"), (std::vector<std::string>{"/a", "/"}));
  EXPECT_EQ(cgroup_and_ancestors("/"), (std::vector<std::string>{"/"}));
}

TEST(ThreadCount, FollowsTheAffinityMaskWithoutQuota) {
  ThreadCount count = choose_thread_count(2, std::nullopt, 8, 1024);
  EXPECT_EQ(count.threads, 2u);
  EXPECT_EQ(count.reason, "2 CPUs in the affinity mask");
}

TEST(ThreadCount, OneCpuInTheMaskIsOneThread) {
  ThreadCount count = choose_thread_count(1, std::nullopt, 2, 1024);
  EXPECT_EQ(count.threads, 1u);
  EXPECT_EQ(count.reason, "1 CPU in the affinity mask");
}

TEST(ThreadCount, ASmallerQuotaWinsRoundedUp) {
  ThreadCount count = choose_thread_count(8, CpuQuota{150000, 100000}, 8, 1024);
  EXPECT_EQ(count.threads, 2u);
  EXPECT_EQ(count.reason, "cgroup quota 1.5 CPUs");
}

TEST(ThreadCount, AQuotaOfOneCpuIsOneThread) {
  ThreadCount count = choose_thread_count(4, CpuQuota{100000, 100000}, 4, 1024);
  EXPECT_EQ(count.threads, 1u);
  EXPECT_EQ(count.reason, "cgroup quota 1.0 CPU");
}

TEST(ThreadCount, AQuotaAboveTheMaskLeavesTheMask) {
  ThreadCount count = choose_thread_count(2, CpuQuota{400000, 100000}, 8, 1024);
  EXPECT_EQ(count.threads, 2u);
  EXPECT_EQ(count.reason, "2 CPUs in the affinity mask");
}

TEST(ThreadCount, FallsBackToTheMachineWhenTheMaskIsUnknown) {
  ThreadCount count = choose_thread_count(0, std::nullopt, 4, 1024);
  EXPECT_EQ(count.threads, 4u);
  EXPECT_EQ(count.reason, "4 CPUs on the machine");
}

TEST(ThreadCount, IsOneWhenNothingIsKnown) {
  ThreadCount count = choose_thread_count(0, std::nullopt, 0, 1024);
  EXPECT_EQ(count.threads, 1u);
  EXPECT_EQ(count.reason, "the number of CPUs is unknown");
}

TEST(ThreadCount, IsCappedAtTheMaximum) {
  ThreadCount count = choose_thread_count(2048, std::nullopt, 2048, 1024);
  EXPECT_EQ(count.threads, 1024u);
  EXPECT_EQ(count.reason, "2048 CPUs in the affinity mask, at most 1024");
}

// The real mask, narrowed to one CPU on a thread of its own (a thread's mask is its own, so the
// test's other threads keep theirs).
TEST(AffinityCpuCount, CountsTheCpusOfTheCallingThreadsMask) {
  const unsigned all = affinity_cpu_count();
  ASSERT_GE(all, 1u);
  EXPECT_LE(all, std::thread::hardware_concurrency());
  unsigned narrowed = 0;
  std::thread([&] {
    cpu_set_t set;
    CPU_ZERO(&set);
    ASSERT_EQ(sched_getaffinity(0, sizeof set, &set), 0);
    int first = 0;
    while (!CPU_ISSET(first, &set)) ++first;
    CPU_ZERO(&set);
    CPU_SET(first, &set);
    ASSERT_EQ(sched_setaffinity(0, sizeof set, &set), 0);
    narrowed = affinity_cpu_count();
  }).join();
  EXPECT_EQ(narrowed, 1u);
  EXPECT_EQ(affinity_cpu_count(), all);
}

TEST(DefaultThreadCount, IsWithinOneAndTheMaximum) {
  ThreadCount count = default_thread_count(1024);
  EXPECT_GE(count.threads, 1u);
  EXPECT_LE(count.threads, 1024u);
  EXPECT_FALSE(count.reason.empty());
}

}  // namespace
}  // namespace ddb::server
