#include "sqlite.hpp"

#include <sqlite3.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "sudoforge/store/store.hpp"

namespace sudoforge::store::sqlite {

void Connection::Close::operator()(sqlite3* db) const { sqlite3_close_v2(db); }

namespace {
// "file:PATH?immutable=1", with the characters a URI gives meaning to escaped.
std::string immutable_uri(const std::string& path) {
  std::string uri = "file:";
  for (const char c : path) {
    if (c == '%' || c == '?' || c == '#') {
      char escaped[4];
      std::snprintf(escaped, sizeof escaped, "%%%02X", static_cast<unsigned char>(c));
      uri += escaped;
    } else {
      uri += c;
    }
  }
  return uri + "?immutable=1";
}
}  // namespace

Connection::Connection(const std::string& path, bool create)
    : Connection(path, path, SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0)) {}

Connection::Connection(const std::string& path, ReadOnly read_only)
    : Connection(path, read_only.immutable ? immutable_uri(path) : path,
                 SQLITE_OPEN_READONLY | (read_only.immutable ? SQLITE_OPEN_URI : 0)) {}

Connection::Connection(const std::string& path, const std::string& name, int flags) : path_(path) {
  // Once, before SQLite starts: no count of the memory it holds (we never ask for
  // it), which spares a global mutex around each of its allocations (8% of the
  // instructions of storing a row: callgrind, README "The database").
  // It fails only if SQLite started already, and then changes nothing.
  [[maybe_unused]] static const int no_memory_statistics = sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
  sqlite3* db = nullptr;
  const int code = sqlite3_open_v2(name.c_str(), &db, flags | SQLITE_OPEN_NOMUTEX, nullptr);
  db_.reset(db);
  if (code != SQLITE_OK) {
    const std::string message = db != nullptr ? sqlite3_errmsg(db) : sqlite3_errstr(code);
    throw StoreError("cannot open database '" + path + "': " + message);
  }
  sqlite3_extended_result_codes(db, 1);
}

void Connection::fail(const std::string& what) const {
  const int last_errno = errno;  // before anything below can change it
  std::string message = sqlite3_errmsg(db_.get());
  // For I/O failures SQLite's words ("disk I/O error") hide the cause: add the OS's.
  // SQLite does not always keep it (a failed COMMIT's write), so fall back on errno.
  const int primary = sqlite3_extended_errcode(db_.get()) & 0xFF;
  if (primary == SQLITE_IOERR || primary == SQLITE_FULL || primary == SQLITE_CANTOPEN) {
    const int os_error = sqlite3_system_errno(db_.get()) != 0 ? sqlite3_system_errno(db_.get()) : last_errno;
    if (os_error != 0) message += std::string(" (") + std::strerror(os_error) + ")";
  }
  // And what to do about the usual ones.
  if (primary == SQLITE_BUSY) {
    message += " (another process kept it locked for over " + std::to_string(kBusyTimeoutMs / 1000) + " s)";
  }
  if (primary == SQLITE_READONLY) message += " (check the permissions of the file and its folder)";
  if (primary == SQLITE_CORRUPT) message += " (the file is damaged: restore it from a copy)";
  throw StoreError(what + " in database '" + path_ + "': " + message);
}

void Connection::check(int code, std::string_view what) const {
  if (code != SQLITE_OK && code != SQLITE_DONE && code != SQLITE_ROW) fail(std::string(what));
}

void Connection::execute(std::string_view sql) {
  const std::string text(sql);
  check(sqlite3_exec(db_.get(), text.c_str(), nullptr, nullptr, nullptr), "cannot run '" + text.substr(0, 40) + "'");
}

std::int64_t Connection::last_insert_rowid() const { return sqlite3_last_insert_rowid(db_.get()); }
int Connection::changes() const { return sqlite3_changes(db_.get()); }

void Statement::Finalize::operator()(sqlite3_stmt* statement) const { sqlite3_finalize(statement); }

Statement::Statement(Connection& connection, std::string_view sql) : connection_(connection) {
  sqlite3_stmt* statement = nullptr;
  const int code = sqlite3_prepare_v2(connection.handle(), sql.data(), static_cast<int>(sql.size()), &statement, nullptr);
  statement_.reset(statement);
  connection.check(code, "cannot prepare '" + std::string(sql.substr(0, 60)) + "'");
}

int Statement::parameter(const char* name) const {
  const int index = sqlite3_bind_parameter_index(statement_.get(), name);
  if (index == 0) throw StoreError(std::string("no parameter ") + name + " in a statement of '" + connection_.path() + "'");
  return index;
}

Statement& Statement::bind(int index, std::int64_t value) {
  connection_.check(sqlite3_bind_int64(statement_.get(), index, value), "cannot bind a parameter");
  return *this;
}

Statement& Statement::bind(int index, std::string_view value) {
  connection_.check(sqlite3_bind_text(statement_.get(), index, value.data(), static_cast<int>(value.size()),
                                      SQLITE_TRANSIENT),
                    "cannot bind a parameter");
  return *this;
}

Statement& Statement::bind_static(int index, std::string_view value) {
  connection_.check(sqlite3_bind_text(statement_.get(), index, value.data(), static_cast<int>(value.size()),
                                      SQLITE_STATIC),
                    "cannot bind a parameter");
  return *this;
}

Statement& Statement::bind(int index, std::optional<std::int64_t> value) {
  return value ? bind(index, *value) : bind_null(index);
}

Statement& Statement::bind_null(int index) {
  connection_.check(sqlite3_bind_null(statement_.get(), index), "cannot bind a parameter");
  return *this;
}

bool Statement::step() {
  const int code = sqlite3_step(statement_.get());
  if (code == SQLITE_ROW) return true;
  if (code == SQLITE_DONE) return false;
  connection_.fail("cannot run '" + std::string(sqlite3_sql(statement_.get())).substr(0, 60) + "'");
}

void Statement::run() {
  while (step()) {
  }
}

void Statement::reset() {
  sqlite3_reset(statement_.get());
  sqlite3_clear_bindings(statement_.get());
}

std::int64_t Statement::integer(int column) const { return sqlite3_column_int64(statement_.get(), column); }

std::string Statement::text(int column) const {
  const auto* bytes = sqlite3_column_text(statement_.get(), column);
  return bytes == nullptr ? std::string() : std::string(reinterpret_cast<const char*>(bytes));
}

bool Statement::is_null(int column) const { return sqlite3_column_type(statement_.get(), column) == SQLITE_NULL; }

Transaction::Transaction(Connection& connection) : connection_(connection) { connection_.execute("BEGIN IMMEDIATE"); }

Transaction::~Transaction() {
  if (!done_) sqlite3_exec(connection_.handle(), "ROLLBACK", nullptr, nullptr, nullptr);
}

void Transaction::commit() {
  connection_.execute("COMMIT");
  done_ = true;
}

}  // namespace sudoforge::store::sqlite
