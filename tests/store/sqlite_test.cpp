// The store's private SQLite wrapper (cli/store/src/sqlite.hpp). An executable of its
// own: SQLite takes its process-wide settings only before it first starts, so no
// other test may start it first.

#include "sqlite.hpp"

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <filesystem>
#include <string>

#include "sudoforge/store/store.hpp"

namespace sudoforge::store::sqlite {
namespace {

std::string fresh_path(const std::string& name) {
  const std::string path = testing::TempDir() + name;
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path + suffix);
  return path;
}

// The store never asks SQLite how much memory it holds, so it keeps no count (the
// count takes a global lock around each allocation). With the count, SQLite would
// report the memory of the open connection and its table.
TEST(Sqlite, KeepsNoCountOfItsMemory) {
  Connection db(fresh_path("sqlite_memory.db"), true);
  db.execute("CREATE TABLE t (x TEXT)");
  Statement insert(db, "INSERT INTO t VALUES (?1)");
  insert.bind(1, std::string_view("a row")).run();
  EXPECT_EQ(sqlite3_memory_used(), 0);
}

// Each kind of binding checks SQLite's answer and names the file when it fails (a
// parameter the statement does not have is the failure a test can make).
TEST(Sqlite, AFailedBindingSaysSoAndNamesTheFile) {
  const std::string path = fresh_path("sqlite_bind.db");
  Connection db(path, true);
  db.execute("CREATE TABLE t (x)");
  Statement insert(db, "INSERT INTO t VALUES (?1)");
  const auto expect_failure = [&](auto bind) {
    try {
      bind();
      ADD_FAILURE() << "binding parameter 2 of a statement with one did not fail";
    } catch (const StoreError& error) {
      const std::string message = error.what();
      EXPECT_NE(message.find("cannot bind a parameter"), std::string::npos) << message;
      EXPECT_NE(message.find(path), std::string::npos) << message;
    }
  };
  expect_failure([&] { insert.bind(2, std::int64_t{1}); });
  expect_failure([&] { insert.bind(2, std::string_view("text")); });
  expect_failure([&] { insert.bind_static(2, std::string_view("text")); });
  expect_failure([&] { insert.bind_null(2); });
  // The statement is still usable, and what it stores is what was bound.
  insert.reset();
  insert.bind(1, std::int64_t{7}).run();
  Statement read(db, "SELECT x FROM t");
  ASSERT_TRUE(read.step());
  EXPECT_EQ(read.integer(0), 7);
}

}  // namespace
}  // namespace sudoforge::store::sqlite
