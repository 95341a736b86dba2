// ddblocal: a DynamoDB-compatible server. Parses the command line, builds the engine and the
// protocol dispatcher, serves HTTP until SIGINT or SIGTERM, then stops accepting, closes idle
// connections, lets in-flight requests finish and exits 0. Connections still open after a grace
// period are closed; a second signal ends the process at once.

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/system/system_error.hpp>
#include <chrono>
#include <condition_variable>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <functional>
#include <future>
#include <iostream>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "engine/database.h"
#include "engine/durable/journal.h"
#include "protocol/admin/access_report.h"
#include "protocol/admin/admin_api.h"
#include "protocol/admin/request_log.h"
#include "protocol/admin/seed/seed_loader.h"
#include "protocol/dispatch.h"
#include "protocol/faults/fault_rules.h"
#include "protocol/namespaces.h"
#include "protocol/transfers/transfers.h"
#include "server/command_line.h"
#include "server/cpu_budget.h"
#include "server/credentials.h"
#include "server/fault_file.h"
#include "server/health_check.h"
#include "server/huge_pages.h"
#include "server/listener.h"
#include "server/open_files.h"
#include "server/report_file.h"
#include "server/seed_files.h"

namespace {

namespace asio = boost::asio;

// How long in-flight requests get to finish after SIGTERM before their connections are closed,
// and how long after that before the process exits regardless (a request still being computed).
constexpr auto kShutdownGrace = std::chrono::seconds(5);
constexpr auto kShutdownBackstop = std::chrono::seconds(2);

// Bounds a shutdown in time, on its own thread so that a busy io_context cannot delay it: after
// kShutdownGrace it calls `on_grace_over`, and kShutdownBackstop later it exits the process with
// status 1. finish() disarms it.
class ShutdownDeadline {
 public:
  ~ShutdownDeadline() { finish(); }

  // Call once, from any thread, before finish().
  void arm(std::function<void()> on_grace_over) {
    thread_ = std::thread([this, on_grace_over = std::move(on_grace_over)] {
      std::unique_lock lock(mutex_);
      if (done_changed_.wait_for(lock, kShutdownGrace, [this] { return done_; })) return;
      lock.unlock();
      on_grace_over();
      lock.lock();
      if (done_changed_.wait_for(lock, kShutdownBackstop, [this] { return done_; })) return;
      spdlog::error("a request is still running {} s after the signal; exiting",
                    (kShutdownGrace + kShutdownBackstop).count());
      spdlog::default_logger()->flush();
      std::_Exit(1);
    });
  }

  // Call from the thread that owns the deadline, once the threads that may call arm() are done.
  void finish() {
    {
      std::lock_guard lock(mutex_);
      done_ = true;
    }
    done_changed_.notify_all();
    if (thread_.joinable()) thread_.join();
  }

 private:
  std::mutex mutex_;
  std::condition_variable done_changed_;
  bool done_ = false;
  std::thread thread_;
};

// "http://0.0.0.0:8000", with brackets around an IPv6 address.
std::string url(const asio::ip::tcp::endpoint& endpoint) {
  std::string host = endpoint.address().to_string();
  if (endpoint.address().is_v6()) host = "[" + host + "]";
  return "http://" + host + ":" + std::to_string(endpoint.port());
}

// Replays the data directory into `database` and makes it durable from now on.
std::shared_ptr<ddb::engine::durable::Journal> open_data_dir(const ddb::server::Options& options,
                                                             ddb::engine::Database& database) {
  namespace durable = ddb::engine::durable;
  durable::JournalOptions journal_options;
  journal_options.sync =
      options.sync_periodic ? durable::SyncPolicy::Periodic : durable::SyncPolicy::Always;
  journal_options.sync_interval = std::chrono::milliseconds(options.sync_interval_ms);
  durable::RecoveryReport report;
  auto journal = durable::Journal::open(options.data_dir, journal_options, database, &report);
  if (report.torn_bytes > 0) {
    spdlog::warn("{}: dropped an incomplete last record ({} bytes) left by a crash mid-write",
                 options.data_dir, report.torn_bytes);
  }
  spdlog::info("data directory {}: {} tables, {} items from {} records in {} ms{}; sync {}",
               options.data_dir, report.tables, report.items, report.records,
               report.elapsed.count(), report.compacted ? " (log compacted)" : "",
               options.sync_periodic
                   ? "periodic every " + std::to_string(options.sync_interval_ms) + " ms"
                   : std::string("always"));
  return journal;
}

using ddb::protocol::RequestLogEntry;

// --log-requests: one JSON line per request on stdout, after the "listening" line.
void print_request(const RequestLogEntry& entry) {
  static std::mutex stdout_mutex;
  std::string line = ddb::protocol::request_log_entry_json(entry).dump(
      -1, ' ', false, nlohmann::json::error_handler_t::replace);
  line += '\n';
  std::lock_guard lock(stdout_mutex);
  std::fwrite(line.data(), 1, line.size(), stdout);
  std::fflush(stdout);
}

// Loads the seeds --seed names (server/seed_files.h); false, once the reason is logged, when one is
// refused, in which case nothing was loaded.
bool load_seeds(const std::vector<std::string>& paths,
                const ddb::protocol::AdminServices& services) {
  const auto start = std::chrono::steady_clock::now();
  try {
    ddb::protocol::Seed seed = ddb::server::read_seed_paths(paths);
    const std::vector<ddb::protocol::SeededNamespace> seeded =
        ddb::protocol::load_seed(services, seed);
    // With a data directory, the listening line promises the seed is on disk.
    std::promise<void> synced;
    services.database.when_durable({services.database.durability_position()},
                                   [&synced] { synced.set_value(); });
    synced.get_future().wait();
    for (const ddb::protocol::SeededNamespace& space : seeded) {
      std::size_t items = 0;
      for (const auto& [table, count] : space.items) items += count;
      spdlog::info("seeded {} table{} and {} item{} into {}region {}", space.tables.size(),
                   space.tables.size() == 1 ? "" : "s", items, items == 1 ? "" : "s",
                   space.access_key.empty() ? "" : "access key " + space.access_key + ", ",
                   space.region);
    }
    spdlog::info("seeding took {} ms", std::chrono::duration_cast<std::chrono::milliseconds>(
                                           std::chrono::steady_clock::now() - start)
                                           .count());
  } catch (const ddb::protocol::SeedError& e) {
    spdlog::critical("cannot seed: {}", e.what());
    return false;
  }
  return true;
}

const char* namespace_summary(ddb::protocol::Namespaces namespaces) {
  switch (namespaces) {
    case ddb::protocol::Namespaces::PerAccessKey:
      return "one namespace of tables per access key and region";
    case ddb::protocol::Namespaces::PerRegion:
      return "one namespace of tables per region";
    case ddb::protocol::Namespaces::Shared:
      break;
  }
  return "one namespace of tables for every client";
}

}  // namespace

int main(int argc, char** argv) {
  using ddb::server::ParsedCommandLine;
  ParsedCommandLine command_line = ddb::server::parse_command_line(argc, argv);
  switch (command_line.action) {
    case ParsedCommandLine::Action::Help:
      std::cout << command_line.text << std::flush;
      return 0;
    case ParsedCommandLine::Action::Error:
      std::cerr << "ddblocal: " << command_line.text << "\nTry 'ddblocal --help'.\n";
      return 2;
    case ParsedCommandLine::Action::HealthCheck: {
      std::string problem;
      const auto& o = command_line.options;
      if (ddb::server::check_health(o.host, o.port, std::chrono::seconds(2), problem)) return 0;
      std::cerr << "ddblocal: unhealthy: " << problem << "\n";
      return 1;
    }
    case ParsedCommandLine::Action::Run:
      break;
  }
  const ddb::server::Options& options = command_line.options;
  ddb::server::Credentials credentials;
  try {
    credentials = ddb::server::load_credentials(options);
  } catch (const ddb::server::CredentialsError& e) {
    std::cerr << "ddblocal: " << e.what() << "\nTry 'ddblocal --help'.\n";
    return 2;
  }
  // Read before anything is served, so that no request runs without the rules.
  ddb::protocol::FaultRules faults;
  if (!options.faults_file.empty()) {
    try {
      faults.replace(ddb::server::read_fault_file(options.faults_file));
    } catch (const ddb::server::FaultFileError& e) {
      std::cerr << "ddblocal: " << e.what() << "\n";
      return 2;
    }
  }

  // Logs go to stderr: stdout carries only the "listening" line that scripts wait for.
  spdlog::set_default_logger(spdlog::stderr_color_mt("ddblocal"));
  spdlog::set_level(options.log_level);
  for (const std::string& notice : options.notices) spdlog::info("{}", notice);
  if (faults.armed()) {
    spdlog::info("fault injection: rules from {} in force", options.faults_file);
  }

  try {
    ddb::engine::Database database;
    ddb::engine::StreamOptions stream_options;
    stream_options.shard_period_ms = int64_t{options.stream_shard_seconds} * 1000;
    stream_options.clock = [&database] { return database.clock().now_ms(); };
    database.streams().set_options(stream_options);
    // After the streams' options, which the streams enabled before a restart come back with, and
    // before the expirer, which would log its deletions.
    std::shared_ptr<ddb::engine::durable::Journal> journal;
    if (!options.data_dir.empty()) {
      try {
        journal = open_data_dir(options, database);
      } catch (const ddb::engine::durable::CorruptData& e) {
        spdlog::critical("cannot open the data directory: {}", e.what());
        return 1;
      }
    }
    if (options.ttl_interval_seconds > 0) {
      database.start_ttl_expirer(std::chrono::seconds(options.ttl_interval_seconds));
    }
    // After the data directory: one written before per-access-key namespaces keeps one per region.
    const ddb::protocol::Namespaces namespaces =
        ddb::protocol::namespaces_for(database, options.shared_db);
    if (namespaces == ddb::protocol::Namespaces::PerRegion) {
      spdlog::warn(
          "{} holds tables of a ddblocal that kept one namespace per region: keeping that (every "
          "access key sees a region's tables); start on a new data directory for one namespace per "
          "access key and region",
          options.data_dir);
    }
    ddb::protocol::AdminServices admin_services{
        .database = database,
        .namespaces = namespaces,
        .seed_defaults = {.access_key = options.seed_access_key, .region = options.seed_region}};
    // Before the listener: the first request already sees every seeded table, ACTIVE.
    if (!options.seed_paths.empty() && !load_seeds(options.seed_paths, admin_services)) return 1;
    database.set_capacity_enforced(options.enforce_capacity);
    ddb::protocol::Dispatcher dispatcher(database, namespaces);
    dispatcher.set_faults(&faults);
    // Export and import run on a thread of their own, which stops (after the job under way) before
    // the database goes.
    std::unique_ptr<ddb::protocol::Transfers> transfers;
    if (!options.s3_dir.empty()) {
      std::error_code ec;
      if (!std::filesystem::is_directory(options.s3_dir, ec)) {
        spdlog::critical("--s3-dir {}: not a directory", options.s3_dir);
        return 1;
      }
      // The server's log stands in for the CloudWatch Logs group of an import's errors.
      transfers = std::make_unique<ddb::protocol::Transfers>(
          database, ddb::protocol::S3Directory(options.s3_dir),
          [](const std::string& line) { spdlog::warn("import error: {}", line); });
      dispatcher.set_transfers(transfers.get());
      spdlog::info("S3 stands in as {}: bucket B is the directory {}/B", options.s3_dir,
                   options.s3_dir);
    }
    // The request log costs a little per request, so it exists only when something reads it.
    std::unique_ptr<ddb::protocol::RequestLog> request_log;
    if (options.admin_api || options.log_requests) {
      request_log = std::make_unique<ddb::protocol::RequestLog>(
          options.admin_api ? options.request_log_size : 0,
          options.log_requests ? print_request : std::function<void(const RequestLogEntry&)>());
      dispatcher.set_request_log(request_log.get());
    }
    // So does the access-pattern report.
    std::unique_ptr<ddb::protocol::AccessReport> access_report;
    if (options.admin_api || !options.report_path.empty()) {
      access_report = std::make_unique<ddb::protocol::AccessReport>(database.clock().now_ms());
      dispatcher.set_access_report(access_report.get());
    }
    admin_services.request_log = request_log.get();
    admin_services.faults = &faults;
    admin_services.access_report = access_report.get();
    const ddb::protocol::AdminApi admin(admin_services);
    const ddb::server::Endpoint service{
        .dispatcher = dispatcher,
        .credentials = options.require_auth ? &credentials : nullptr,
        .admin = options.admin_api ? &admin : nullptr};

    // Read on the main thread: its affinity mask is the one the serving threads inherit.
    const ddb::server::ThreadCount threads =
        options.threads ? ddb::server::ThreadCount{*options.threads, "--threads"}
                        : ddb::server::default_thread_count(ddb::server::kMaxThreads);
    // One io_context per serving thread; the first also runs the acceptor and the signals.
    std::vector<std::unique_ptr<asio::io_context>> contexts;
    std::vector<asio::io_context*> workers;
    for (unsigned i = 0; i < threads.threads; ++i) {
      contexts.push_back(std::make_unique<asio::io_context>(1));
      workers.push_back(contexts.back().get());
    }
    asio::io_context& io = *contexts.front();
    // The other contexts may have no connection yet; they run until the listener stops.
    std::vector<asio::executor_work_guard<asio::io_context::executor_type>> keep_running;
    for (std::size_t i = 1; i < contexts.size(); ++i) {
      keep_running.push_back(asio::make_work_guard(*contexts[i]));
    }
    ddb::server::ConnectionLimits limits;
    // Raised before the serving threads start, so that they all see the new limit.
    const std::size_t open_files = ddb::server::raise_open_file_limit();
    limits.max_connections = options.max_connections != 0
                                 ? options.max_connections
                                 : ddb::server::connections_for(open_files);
    if (limits.max_connections + ddb::server::kReservedFiles > open_files) {
      spdlog::warn("--max-connections {} leaves few of the {} files this process may open",
                   limits.max_connections, open_files);
    }
    limits.idle_timeout = std::chrono::seconds(options.idle_timeout_seconds);
    limits.read_timeout = std::chrono::seconds(options.read_timeout_seconds);
    ddb::server::Listener listener(io, service, limits, workers);
    asio::ip::tcp::endpoint endpoint;
    try {
      endpoint = listener.listen(options.host, options.port);
    } catch (const boost::system::system_error& e) {
      spdlog::critical("cannot listen on {}:{}: {}", options.host, options.port,
                       e.code().message());
      return 1;
    }
    listener.start();
    asio::steady_timer huge_pages_check(io);
    ddb::server::use_huge_pages_past(huge_pages_check, ddb::server::kHugePagesAfterBytes);

    ShutdownDeadline deadline;
    asio::signal_set signals(io, SIGINT, SIGTERM);
    signals.async_wait([&](const boost::system::error_code& ec, int signal) {
      if (ec) return;
      spdlog::info("signal {} received; finishing in-flight requests", signal);
      // Back to the default action, so that a second signal ends the process at once.
      boost::system::error_code ignored;
      signals.clear(ignored);
      listener.stop();
      huge_pages_check.cancel();
      for (auto& guard : keep_running) guard.reset();
      deadline.arm([&listener] {
        spdlog::warn("requests still in flight {} s after the signal; closing their connections",
                     kShutdownGrace.count());
        listener.close_all();
      });
    });

    std::cout << "ddblocal listening on " << url(endpoint) << std::endl;
    spdlog::info("serving with {} thread{} ({}); {}; {}", threads.threads,
                 threads.threads == 1 ? "" : "s", threads.reason, namespace_summary(namespaces),
                 options.require_auth
                     ? fmt::format("verifying signatures ({} access keys)", credentials.size())
                     : std::string("accepting any well-formed credentials"));

    std::vector<std::thread> serving;
    serving.reserve(contexts.size() - 1);
    for (std::size_t i = 1; i < contexts.size(); ++i) {
      serving.emplace_back([context = contexts[i].get()] { context->run(); });
    }
    io.run();
    for (std::thread& thread : serving) thread.join();
    deadline.finish();
    if (!options.report_path.empty()) {
      ddb::server::write_report_file(options.report_path, *access_report, database);
    }
    // The import under way finishes (its writes are logged) and queued jobs are dropped before the
    // log closes.
    transfers.reset();
    if (journal) journal->close();
    spdlog::info("stopped");
  } catch (const std::exception& e) {
    spdlog::critical("{}", e.what());
    return 1;
  }
  return 0;
}
