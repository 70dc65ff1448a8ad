#pragma once
// Thin RAII over the SQLite C API (private to the store): a connection, prepared
// statements with bound parameters only, and a transaction guard that rolls back
// unless committed. Every return code is checked; failures throw StoreError with
// sqlite3_errmsg and the database path.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

struct sqlite3;
struct sqlite3_stmt;

namespace sudoforge::store::sqlite {

// How long a writer waits for another process's transaction before failing.
constexpr int kBusyTimeoutMs = 10000;

class Connection {
 public:
  // Opens (creating if allowed) the database file. Throws StoreError.
  Connection(const std::string& path, bool create);
  // Opens it for reading only; `immutable`: also without the -shm and -wal files a
  // WAL database needs (for a file in a folder this process cannot write).
  struct ReadOnly {
    bool immutable = false;
  };
  Connection(const std::string& path, ReadOnly read_only);
  sqlite3* handle() const { return db_.get(); }
  const std::string& path() const { return path_; }

  // Runs SQL without parameters (DDL, pragmas). Throws StoreError.
  void execute(std::string_view sql);
  // Throws StoreError("<what>: <sqlite message>") for a failed return code.
  [[noreturn]] void fail(const std::string& what) const;
  // (`what` becomes a string only on a failure: the hot insert checks 28 bindings a
  // row, and a std::string of each fixed message cost a heap allocation a binding.)
  void check(int code, std::string_view what) const;
  std::int64_t last_insert_rowid() const;
  int changes() const;

 private:
  Connection(const std::string& path, const std::string& name, int flags);
  struct Close {
    void operator()(sqlite3* db) const;
  };
  std::string path_;
  std::unique_ptr<sqlite3, Close> db_;
};

class Statement {
 public:
  Statement(Connection& connection, std::string_view sql);

  // The index of named parameter `name` (":name"); throws StoreError when absent.
  int parameter(const char* name) const;

  // Binds parameter `index` (1-based). Null for nullopt.
  Statement& bind(int index, std::int64_t value);
  Statement& bind(int index, std::string_view value);
  // Binds text without copying it: `value` must stay valid until the statement is
  // reset (the hot insert binds its row this way).
  Statement& bind_static(int index, std::string_view value);
  Statement& bind(int index, std::optional<std::int64_t> value);
  Statement& bind_null(int index);

  // Steps once: true when a row is ready, false when done. Throws StoreError.
  bool step();
  // Steps to the end (for statements without result rows).
  void run();
  // Resets for new bindings (keeps the compiled statement).
  void reset();

  std::int64_t integer(int column) const;
  std::string text(int column) const;
  bool is_null(int column) const;

 private:
  struct Finalize {
    void operator()(sqlite3_stmt* statement) const;
  };
  Connection& connection_;
  std::unique_ptr<sqlite3_stmt, Finalize> statement_;
};

// BEGIN IMMEDIATE on construction; ROLLBACK on destruction unless commit() was
// called. The destructor never throws.
class Transaction {
 public:
  explicit Transaction(Connection& connection);
  ~Transaction();
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;
  void commit();

 private:
  Connection& connection_;
  bool done_ = false;
};

}  // namespace sudoforge::store::sqlite
