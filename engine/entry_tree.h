#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>

#include "engine/stored_item.h"

namespace ddb::engine {

// A partition's entries: StoredItems ordered by their key parts (each part's key bytes, compared
// one after the other), in a B+ tree.
//
// Why not a std::set: a lookup in a binary tree reads a node and an entry's key per level, each a
// cache miss once the table outgrows the caches. Here a node keeps, beside each key it holds, the
// key's head: 8 bytes of its first part, taken after the bytes every key in that node shares (up
// to 16, kept once in the node), as a big-endian number whose order is the bytes' order. A lookup
// compares heads inside the node and reads an entry's bytes only where two heads are equal and to
// confirm a match. Entries take less room too: a small partition is one leaf allocated for the
// entries it has (~22 bytes an entry at ten entries, against 48 for a set's node); larger ones
// grow leaves of kLeafCapacity entries under inner nodes of up to kInnerFanout children. The tree
// itself is one pointer, so an empty or one-item partition costs little beside its items.
//
// A key is given as its parts (KeyParts). A key with fewer parts than the entries (a range bound on
// the first part) compares with an entry by those parts only, so that lower_bound and upper_bound
// find where the entries sharing them begin and end.
//
// Copyable (each entry's bytes copied) and movable. Any change invalidates cursors. Not
// thread-safe: the owning shard's lock guards it.
class EntryTree {
 private:
  struct Node;
  struct Leaf;
  struct Inner;
  struct Path;
  struct Spares;

 public:
  // The key bytes of one to three parts: views, so the bytes must outlive it.
  class KeyParts {
   public:
    // Throws std::length_error for no parts or more than three.
    explicit KeyParts(std::span<const std::string_view> parts);
    // The key parts of a stored entry.
    explicit KeyParts(const StoredItem& entry);
    std::size_t size() const { return size_; }
    std::string_view operator[](std::size_t i) const { return parts_[i]; }

   private:
    std::string_view parts_[3];
    std::size_t size_;
  };

  // A position in the tree, from begin() to end(). Bidirectional; -- requires a position after
  // begin(), ++ and * one before end().
  class Cursor {
   public:
    const StoredItem& operator*() const;
    const StoredItem* operator->() const { return &**this; }
    Cursor& operator++();
    Cursor& operator--();
    bool operator==(const Cursor&) const = default;

   private:
    friend class EntryTree;
    Cursor(const Leaf* leaf, uint32_t index) : leaf_(leaf), index_(index) {}
    const Leaf* leaf_;
    uint32_t index_;
  };

  static constexpr std::size_t kLeafCapacity = 29;
  static constexpr std::size_t kInnerFanout = 32;

  EntryTree() = default;
  EntryTree(const EntryTree& other);
  EntryTree(EntryTree&& other) noexcept;
  EntryTree& operator=(const EntryTree&) = delete;
  EntryTree& operator=(EntryTree&& other) noexcept;
  ~EntryTree();

  bool empty() const { return root_ == nullptr; }

  // The entry whose key equals `key` (all of its parts), or nullptr.
  const StoredItem* find(const KeyParts& key) const;
  // Stores `entry` under its own key parts; returns the entry it replaced.
  std::optional<StoredItem> put(StoredItem entry);
  // Removes the entry whose key equals `key` (all of its parts); returns it.
  std::optional<StoredItem> remove(const KeyParts& key);

  Cursor begin() const;
  Cursor end() const;
  // The first entry not below `key`, by key's parts.
  Cursor lower_bound(const KeyParts& key) const;
  // The first entry above `key`, by key's parts.
  Cursor upper_bound(const KeyParts& key) const;

  // How `entry` compares with `key`, by key's parts: < 0 when the entry is below the key.
  static int compare(const StoredItem& entry, const KeyParts& key);

  // For tests: the first invariant of the tree's structure found broken (order, bounds, leaf
  // links, depth, node sizes, shared bytes and heads), described, or empty when there is none.
  std::string broken_invariant() const;

 private:
  template <bool kUpper>
  Leaf* descend(const KeyParts& key, Path* path) const;
  template <bool kUpper>
  Cursor bound(const KeyParts& key) const;

  const Leaf* first_leaf() const;
  const Leaf* last_leaf() const;
  // Inserts `entry` at `index` of `leaf` (reached by `path`), making room first when it is full.
  void insert(Leaf* leaf, uint32_t index, StoredItem entry, Path& path);
  // A full leaf's room for `entry` at `index`: a larger allocation while it is below
  // kLeafCapacity, else a split. Returns the leaf and index to insert at.
  std::pair<Leaf*, uint32_t> make_room(Leaf* leaf, uint32_t index, const StoredItem& entry,
                                       Path& path);
  // `leaf` moved into an allocation for `capacity` entries, in its place in the tree.
  Leaf* reallocate(Leaf* leaf, uint16_t capacity, Path& path);
  // Adds `right` after the node at depth `level` of `path`, `separator` the lowest key under it,
  // splitting full inner nodes with the nodes in `spares`.
  void add_child(Path& path, std::size_t level, StoredItem separator, Node* right, Spares& spares);
  // After a remove left few entries in `leaf`: merges it into a neighbour, or drops it when empty.
  void rebalance_leaf(Leaf* leaf, Path& path);
  // The same for the inner node at depth `level` of `path`, which lost a child.
  void rebalance_inner(Path& path, std::size_t level);
  // A copy of the subtree under `node`, its leaves linked after `previous_leaf` (updated).
  static Node* copy_node(const Node* node, Leaf*& previous_leaf);
  static void destroy_node(Node* node);

  Node* root_ = nullptr;
};

}  // namespace ddb::engine
