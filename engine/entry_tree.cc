#include "engine/entry_tree.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <memory>
#include <new>
#include <stdexcept>
#include <utility>
#include <vector>

#include "engine/item.h"

namespace ddb::engine {

namespace {

// The most bytes of the first key part a node keeps once for all its keys; heads start after them.
constexpr std::size_t kMaxSkip = 16;

// The entries a leaf is allocated for as it grows: with 40 bytes of header and 16 an entry, each
// step is the most that fits one of mimalloc's size classes (56, 80, 96, 112, 128, 160, ..., 512).
constexpr std::array<uint16_t, 13> kLeafSteps = {1, 2, 3, 4, 5, 7, 9, 11, 13, 17, 21, 25, 29};
static_assert(kLeafSteps.back() == EntryTree::kLeafCapacity);

// Deeper than a tree can grow: a node below a quarter full merges with a neighbour whenever the
// two fit in one, so a node with few children has a neighbour with many, and a tree of depth d
// holds some 2^d entries.
constexpr std::size_t kMaxDepth = 64;

static_assert(sizeof(StoredItem) == sizeof(void*));

// `n` (<= 8) bytes as the high bytes of a big-endian number: numbers order as the bytes do, with a
// missing byte as a zero.
uint64_t load_head(const char* bytes, std::size_t n) {
  unsigned char buffer[8] = {};
  if (n > 0) std::memcpy(buffer, bytes, n);
  uint64_t value;
  std::memcpy(&value, buffer, sizeof value);
  if constexpr (std::endian::native == std::endian::little) value = __builtin_bswap64(value);
  return value;
}

// The head of a first key part in a node whose keys share their first `skip` bytes. Requires:
// part.size() >= skip.
uint64_t head_at(std::string_view part, std::size_t skip) {
  return load_head(part.data() + skip, std::min<std::size_t>(8, part.size() - skip));
}

}  // namespace

// What leaves and inner nodes share: how many keys they hold and the first-part bytes every key
// in them starts with. Heads are taken after those bytes; they order two keys correctly whenever
// they differ (a shorter part pads with zeros, which sorts first as its end does), and send the
// comparison to the keys' bytes when they are equal.
struct EntryTree::Node {
  uint16_t count = 0;     // a leaf's entries, an inner node's children
  uint16_t capacity = 0;  // the entries a leaf is allocated for
  bool leaf = false;
  uint8_t skip = 0;            // the bytes every key's first part in the node starts with
  char prefix[kMaxSkip] = {};  // and those bytes

  // The first key of an empty node.
  void start(std::string_view first) {
    skip = static_cast<uint8_t>(std::min(kMaxSkip, first.size()));
    if (skip > 0) std::memcpy(prefix, first.data(), skip);
  }
  // Keeps only the first `to` shared bytes; the `n` heads move to start there.
  void reskip(std::size_t to, uint64_t* heads, std::size_t n) {
    if (to >= skip) return;
    const std::size_t gap = skip - to;
    const uint64_t before = load_head(prefix + to, std::min<std::size_t>(gap, 8));
    for (std::size_t i = 0; i < n; ++i) {
      heads[i] = gap >= 8 ? before : before | (heads[i] >> (8 * gap));
    }
    skip = static_cast<uint8_t>(to);
  }
  // How many of the shared bytes `first` starts with.
  std::size_t shared_with(std::string_view first) const {
    std::size_t n = 0;
    const std::size_t limit = std::min<std::size_t>(skip, first.size());
    while (n < limit && first[n] == prefix[n]) ++n;
    return n;
  }
  // Makes the `n` heads fit a key whose first part is `first`; returns that key's head.
  uint64_t admit(std::string_view first, uint64_t* heads, std::size_t n) {
    reskip(shared_with(first), heads, n);
    return head_at(first, skip);
  }
  // Sets the shared bytes to what the node's first and last keys share (every key between them
  // shares it too, and no fewer than before), taking the `n` heads anew from the keys (key_at):
  // shared bytes only shrink as keys arrive, so after a split or a merge they grow back to what
  // the node's own keys have in common.
  template <typename KeyAt>
  void reprefix(uint64_t* heads, std::size_t n, KeyAt key_at) {
    if (n == 0) return;
    const std::string_view first = key_at(0).key_part(0);
    const std::string_view last = key_at(n - 1).key_part(0);
    std::size_t shared = skip;
    const std::size_t limit = std::min({kMaxSkip, first.size(), last.size()});
    while (shared < limit && first[shared] == last[shared]) ++shared;
    if (shared == skip) return;
    skip = static_cast<uint8_t>(shared);
    std::memcpy(prefix, first.data(), shared);
    for (std::size_t i = 0; i < n; ++i) heads[i] = head_at(key_at(i).key_part(0), skip);
  }
  // Makes this node's `n` heads and `other`'s `other_n` share one prefix, for a merge.
  void reskip_with(Node& other, uint64_t* heads, std::size_t n, uint64_t* other_heads,
                   std::size_t other_n) {
    const std::size_t common = other.shared_with({prefix, skip});
    reskip(common, heads, n);
    other.reskip(common, other_heads, other_n);
  }

  // How many of the node's first `n` keys (heads `heads`, sorted, key_at(i) the i-th key) come
  // before `key`: are below it, or with kUpper are not above it.
  template <bool kUpper, typename KeyAt>
  uint32_t keys_before(const uint64_t* heads, std::size_t n, KeyAt key_at,
                       const KeyParts& key) const {
    const std::string_view first = key[0];
    const std::size_t common = shared_with(first);
    if (common < skip) {
      // The key leaves the shared bytes: it is below or above every key of the node.
      if (common == first.size()) return 0;
      return static_cast<unsigned char>(first[common]) < static_cast<unsigned char>(prefix[common])
                 ? 0
                 : static_cast<uint32_t>(n);
    }
    const uint64_t head = head_at(first, skip);
    std::size_t low = 0;
    std::size_t high = n;
    while (low < high) {
      const std::size_t mid = (low + high) / 2;
      bool before = heads[mid] < head;
      if (heads[mid] == head) {
        const int order = EntryTree::compare(key_at(mid), key);
        before = kUpper ? order <= 0 : order < 0;
      }
      if (before) {
        low = mid + 1;
      } else {
        high = mid;
      }
    }
    return static_cast<uint32_t>(low);
  }
};

// A leaf: `count` entries in key order, allocated for `capacity`; behind the header, `capacity`
// heads then `capacity` entries, of which the first `count` are constructed.
struct EntryTree::Leaf : Node {
  Leaf* prev = nullptr;
  Leaf* next = nullptr;

  uint64_t* heads() { return reinterpret_cast<uint64_t*>(this + 1); }
  const uint64_t* heads() const { return reinterpret_cast<const uint64_t*>(this + 1); }
  StoredItem* items() { return reinterpret_cast<StoredItem*>(heads() + capacity); }
  const StoredItem* items() const {
    return reinterpret_cast<const StoredItem*>(heads() + capacity);
  }
  auto key_at() const {
    return [this](std::size_t i) -> const StoredItem& { return items()[i]; };
  }
  template <bool kUpper>
  uint32_t entries_before(const KeyParts& key) const {
    return keys_before<kUpper>(heads(), count, key_at(), key);
  }
  void reprefix() { Node::reprefix(heads(), count, key_at()); }

  static std::size_t bytes(std::size_t capacity) {
    return sizeof(Leaf) + capacity * (sizeof(uint64_t) + sizeof(StoredItem));
  }
  static Leaf* make(uint16_t capacity) {
    auto* leaf = new (::operator new(bytes(capacity))) Leaf;
    leaf->leaf = true;
    leaf->capacity = capacity;
    return leaf;
  }
  static void free(Leaf* leaf) {
    std::destroy_n(leaf->items(), leaf->count);
    leaf->~Leaf();
    ::operator delete(leaf);
  }
  // Moves the entries of `from` from `from_index` on to this leaf's end. Requires: the two share
  // one prefix, and this leaf has room.
  void append_tail(Leaf& from, std::size_t from_index) {
    const std::size_t n = from.count - from_index;
    std::copy_n(from.heads() + from_index, n, heads() + count);
    std::uninitialized_move_n(from.items() + from_index, n, items() + count);
    std::destroy_n(from.items() + from_index, n);
    from.count = static_cast<uint16_t>(from_index);
    count = static_cast<uint16_t>(count + n);
  }
};

// An inner node: `count` children in key order, and between each two a separator, the lowest key
// under the right one when it was made. Every key under children[i] is below separators[i], and
// every key under children[i + 1] is not.
struct EntryTree::Inner : Node {
  uint64_t heads[kInnerFanout - 1] = {};
  std::optional<StoredItem> separators[kInnerFanout - 1];
  Node* children[kInnerFanout] = {};

  auto key_at() const {
    return [this](std::size_t i) -> const StoredItem& { return *separators[i]; };
  }
  // The child `key` lies under: past the separators below it (kUpper: not above it).
  template <bool kUpper>
  uint32_t child_of(const KeyParts& key) const {
    return keys_before<kUpper>(heads, count - 1u, key_at(), key);
  }
  void reprefix() {
    if (count > 1) Node::reprefix(heads, count - 1u, key_at());
  }
  // Adds `child` after children[at], `separator` the lowest key under it. Requires: not full.
  void insert(std::size_t at, StoredItem separator, Node* child) {
    const uint64_t head = admit(separator.key_part(0), heads, count - 1u);
    for (std::size_t i = count - 1u; i > at; --i) {
      separators[i] = std::move(separators[i - 1]);
      heads[i] = heads[i - 1];
    }
    separators[at] = std::move(separator);
    heads[at] = head;
    std::copy_backward(children + at + 1, children + count, children + count + 1);
    children[at + 1] = child;
    ++count;
  }
  // Removes children[at] and the separator beside it.
  void erase(std::size_t at) {
    if (count > 1) {
      for (std::size_t i = at > 0 ? at - 1 : 0; i + 2 < count; ++i) {
        separators[i] = std::move(separators[i + 1]);
        heads[i] = heads[i + 1];
      }
      separators[count - 2].reset();
    }
    std::copy(children + at + 1, children + count, children + at);
    --count;
  }
  // Moves the children of `right` here, behind `separator`, the key between the two nodes.
  // Requires: room for them.
  void append(StoredItem separator, Inner& right) {
    const std::string_view first = separator.key_part(0);
    admit(first, heads, count - 1u);
    reskip_with(right, heads, count - 1u, right.heads, right.count - 1u);
    heads[count - 1] = head_at(first, skip);
    separators[count - 1] = std::move(separator);
    for (std::size_t i = 0; i + 1 < right.count; ++i) {
      heads[count + i] = right.heads[i];
      separators[count + i] = std::move(right.separators[i]);
    }
    std::copy_n(right.children, right.count, children + count);
    count = static_cast<uint16_t>(count + right.count);
    right.count = 0;
  }
};

// The inner nodes above a leaf, the root first, and the child taken in each.
struct EntryTree::Path {
  std::array<Inner*, kMaxDepth> inner;
  std::array<uint32_t, kMaxDepth> child;
  std::size_t depth = 0;

  // Whether the first `levels` inner nodes each took their last child (`last`) or their first:
  // the path runs along the tree's right or left edge.
  bool on_edge(std::size_t levels, bool last) const {
    for (std::size_t d = 0; d < levels; ++d) {
      if (child[d] != (last ? inner[d]->count - 1u : 0u)) return false;
    }
    return true;
  }
};

// The inner nodes a leaf's split may need, allocated before the split changes anything (one for
// each full inner node above the leaf, and a new root when they are all full), so that running
// out of memory leaves the tree as it was.
struct EntryTree::Spares {
  std::array<std::unique_ptr<Inner>, kMaxDepth + 1> nodes;
  std::size_t count = 0;

  explicit Spares(const Path& path) {
    std::size_t level = path.depth;
    for (; level > 0 && path.inner[level - 1]->count == kInnerFanout; --level) {
      nodes[count++] = std::make_unique<Inner>();
    }
    if (level == 0) nodes[count++] = std::make_unique<Inner>();
  }
  Inner* take() { return nodes[--count].release(); }
};

namespace {

// A separator for the keys from `entry`'s on: its key parts and no attributes.
StoredItem separator_for(const StoredItem& entry) {
  std::array<std::string_view, 3> parts;
  const std::size_t n = entry.key_part_count();
  for (std::size_t i = 0; i < n; ++i) parts[i] = entry.key_part(i);
  return StoredItem::encode(Item{}, {parts.data(), n});
}

}  // namespace

EntryTree::KeyParts::KeyParts(std::span<const std::string_view> parts) : size_(parts.size()) {
  if (size_ == 0 || size_ > std::size(parts_)) throw std::length_error("a key has 1 to 3 parts");
  std::copy(parts.begin(), parts.end(), parts_);
}

EntryTree::KeyParts::KeyParts(const StoredItem& entry) : size_(entry.key_part_count()) {
  for (std::size_t i = 0; i < size_; ++i) parts_[i] = entry.key_part(i);
}

int EntryTree::compare(const StoredItem& entry, const KeyParts& key) {
  for (std::size_t i = 0; i < key.size(); ++i) {
    if (int c = entry.key_part(i).compare(key[i]); c != 0) return c;
  }
  return 0;
}

const StoredItem& EntryTree::Cursor::operator*() const { return leaf_->items()[index_]; }

EntryTree::Cursor& EntryTree::Cursor::operator++() {
  if (++index_ == leaf_->count && leaf_->next != nullptr) {
    leaf_ = leaf_->next;
    index_ = 0;
  }
  return *this;
}

EntryTree::Cursor& EntryTree::Cursor::operator--() {
  if (index_ == 0) {
    leaf_ = leaf_->prev;
    index_ = leaf_->count;
  }
  --index_;
  return *this;
}

EntryTree::EntryTree(const EntryTree& other) {
  Leaf* previous = nullptr;
  if (other.root_ != nullptr) root_ = copy_node(other.root_, previous);
}

EntryTree::EntryTree(EntryTree&& other) noexcept : root_(std::exchange(other.root_, nullptr)) {}

EntryTree& EntryTree::operator=(EntryTree&& other) noexcept {
  std::swap(root_, other.root_);
  return *this;
}

EntryTree::~EntryTree() {
  if (root_ != nullptr) destroy_node(root_);
}

EntryTree::Node* EntryTree::copy_node(const Node* node, Leaf*& previous_leaf) {
  // A copy that runs out of memory frees what it made and leaves `other` as it was.
  if (node->leaf) {
    const auto* from = static_cast<const Leaf*>(node);
    Leaf* to = Leaf::make(from->capacity);
    to->skip = from->skip;
    std::memcpy(to->prefix, from->prefix, kMaxSkip);
    std::copy_n(from->heads(), from->count, to->heads());
    try {
      for (std::size_t i = 0; i < from->count; ++i) {
        std::construct_at(to->items() + i, from->items()[i].copy());
        ++to->count;
      }
    } catch (...) {
      Leaf::free(to);
      throw;
    }
    to->prev = previous_leaf;
    if (previous_leaf != nullptr) previous_leaf->next = to;
    previous_leaf = to;
    return to;
  }
  const auto* from = static_cast<const Inner*>(node);
  auto to = std::make_unique<Inner>();
  to->skip = from->skip;
  std::memcpy(to->prefix, from->prefix, kMaxSkip);
  std::copy_n(from->heads, from->count - 1u, to->heads);
  try {
    for (std::size_t i = 0; i + 1 < from->count; ++i) {
      to->separators[i] = from->separators[i]->copy();
    }
    for (std::size_t i = 0; i < from->count; ++i) {
      to->children[i] = copy_node(from->children[i], previous_leaf);
      to->count = static_cast<uint16_t>(i + 1);
    }
  } catch (...) {
    for (std::size_t i = 0; i < to->count; ++i) destroy_node(to->children[i]);
    throw;
  }
  return to.release();
}

void EntryTree::destroy_node(Node* node) {
  if (node->leaf) {
    Leaf::free(static_cast<Leaf*>(node));
    return;
  }
  auto* inner = static_cast<Inner*>(node);
  for (std::size_t i = 0; i < inner->count; ++i) destroy_node(inner->children[i]);
  delete inner;
}

template <bool kUpper>
EntryTree::Leaf* EntryTree::descend(const KeyParts& key, Path* path) const {
  Node* node = root_;
  while (!node->leaf) {
    auto* inner = static_cast<Inner*>(node);
    const uint32_t child = inner->child_of<kUpper>(key);
    if (path != nullptr) {
      path->inner[path->depth] = inner;
      path->child[path->depth] = child;
      ++path->depth;
    }
    node = inner->children[child];
  }
  return static_cast<Leaf*>(node);
}

const EntryTree::Leaf* EntryTree::first_leaf() const {
  const Node* node = root_;
  while (!node->leaf) node = static_cast<const Inner*>(node)->children[0];
  return static_cast<const Leaf*>(node);
}

const EntryTree::Leaf* EntryTree::last_leaf() const {
  const Node* node = root_;
  while (!node->leaf) {
    const auto* inner = static_cast<const Inner*>(node);
    node = inner->children[inner->count - 1];
  }
  return static_cast<const Leaf*>(node);
}

EntryTree::Cursor EntryTree::begin() const {
  return root_ == nullptr ? Cursor(nullptr, 0) : Cursor(first_leaf(), 0);
}

EntryTree::Cursor EntryTree::end() const {
  if (root_ == nullptr) return Cursor(nullptr, 0);
  const Leaf* last = last_leaf();
  return Cursor(last, last->count);
}

template <bool kUpper>
EntryTree::Cursor EntryTree::bound(const KeyParts& key) const {
  if (root_ == nullptr) return end();
  const Leaf* leaf = descend<kUpper>(key, nullptr);
  const uint32_t index = leaf->entries_before<kUpper>(key);
  // Past this leaf's entries: every key of the next leaf is on the far side of the key too (the
  // separators on the way down said so), so the bound is its first.
  if (index == leaf->count && leaf->next != nullptr) return Cursor(leaf->next, 0);
  return Cursor(leaf, index);
}

EntryTree::Cursor EntryTree::lower_bound(const KeyParts& key) const { return bound<false>(key); }

EntryTree::Cursor EntryTree::upper_bound(const KeyParts& key) const { return bound<true>(key); }

const StoredItem* EntryTree::find(const KeyParts& key) const {
  if (root_ == nullptr) return nullptr;
  // An entry equal to a separator is under the separator's right child, where kUpper leads.
  const Leaf* leaf = descend<true>(key, nullptr);
  const uint32_t index = leaf->entries_before<true>(key);
  if (index == 0) return nullptr;
  const StoredItem& candidate = leaf->items()[index - 1];
  return compare(candidate, key) == 0 ? &candidate : nullptr;
}

std::optional<StoredItem> EntryTree::put(StoredItem entry) {
  const KeyParts key(entry);  // views of the entry's bytes, which stay where they are
  if (root_ == nullptr) {
    Leaf* leaf = Leaf::make(kLeafSteps.front());
    leaf->start(key[0]);
    leaf->heads()[0] = head_at(key[0], leaf->skip);
    std::construct_at(leaf->items(), std::move(entry));
    leaf->count = 1;
    root_ = leaf;
    return std::nullopt;
  }
  Path path;
  Leaf* leaf = descend<true>(key, &path);
  const uint32_t index = leaf->entries_before<true>(key);
  if (index > 0 && compare(leaf->items()[index - 1], key) == 0) {
    // The same key: the entry keeps its place and its head.
    std::optional<StoredItem> old(std::move(leaf->items()[index - 1]));
    leaf->items()[index - 1] = std::move(entry);
    return old;
  }
  insert(leaf, index, std::move(entry), path);
  return std::nullopt;
}

void EntryTree::insert(Leaf* leaf, uint32_t index, StoredItem entry, Path& path) {
  if (leaf->count == leaf->capacity) std::tie(leaf, index) = make_room(leaf, index, entry, path);
  uint64_t* heads = leaf->heads();
  StoredItem* items = leaf->items();
  const std::size_t count = leaf->count;
  const uint64_t head = leaf->admit(entry.key_part(0), heads, count);
  std::copy_backward(heads + index, heads + count, heads + count + 1);
  heads[index] = head;
  if (index < count) {
    std::construct_at(items + count, std::move(items[count - 1]));
    std::move_backward(items + index, items + count - 1, items + count);
    items[index] = std::move(entry);
  } else {
    std::construct_at(items + index, std::move(entry));
  }
  ++leaf->count;
}

std::pair<EntryTree::Leaf*, uint32_t> EntryTree::make_room(Leaf* leaf, uint32_t index,
                                                           const StoredItem& entry, Path& path) {
  if (leaf->capacity < kLeafCapacity) {
    const uint16_t capacity =
        *std::upper_bound(kLeafSteps.begin(), kLeafSteps.end(), leaf->capacity);
    return {reallocate(leaf, capacity, path), index};
  }
  // Keys that arrive in order (timestamps, counters) all land at the tree's end, or at its start
  // when they count down: halving the leaf there would leave every leaf behind them half empty,
  // so the full leaf's entries stay together and the new entry gets a leaf of its own.
  const bool append = index == leaf->count && leaf->next == nullptr;
  const bool prepend = index == 0 && leaf->prev == nullptr;
  const uint32_t keep = append ? leaf->count : prepend ? 0 : (leaf->count + 1u) / 2;
  // What the split allocates comes first, so that running out of memory changes nothing.
  StoredItem separator = separator_for(append ? entry : leaf->items()[keep]);
  Spares spares(path);
  Leaf* right = Leaf::make(kLeafCapacity);
  right->skip = leaf->skip;
  std::memcpy(right->prefix, leaf->prefix, kMaxSkip);
  right->append_tail(*leaf, keep);
  right->prev = leaf;
  right->next = leaf->next;
  if (leaf->next != nullptr) leaf->next->prev = right;
  leaf->next = right;
  leaf->reprefix();
  right->reprefix();
  add_child(path, path.depth, std::move(separator), right, spares);
  if (append) return {right, 0};
  // At `keep` the new entry is below right's first (it is not equal to it), so it ends the left.
  if (index <= keep) return {leaf, index};
  return {right, index - keep};
}

EntryTree::Leaf* EntryTree::reallocate(Leaf* leaf, uint16_t capacity, Path& path) {
  Leaf* moved = Leaf::make(capacity);
  moved->skip = leaf->skip;
  std::memcpy(moved->prefix, leaf->prefix, kMaxSkip);
  moved->append_tail(*leaf, 0);
  moved->prev = leaf->prev;
  moved->next = leaf->next;
  if (moved->prev != nullptr) moved->prev->next = moved;
  if (moved->next != nullptr) moved->next->prev = moved;
  if (path.depth == 0) {
    root_ = moved;
  } else {
    path.inner[path.depth - 1]->children[path.child[path.depth - 1]] = moved;
  }
  Leaf::free(leaf);
  return moved;
}

void EntryTree::add_child(Path& path, std::size_t level, StoredItem separator, Node* right,
                          Spares& spares) {
  if (level == 0) {
    Inner* root = spares.take();
    root->start(separator.key_part(0));
    root->heads[0] = head_at(separator.key_part(0), root->skip);
    root->separators[0] = std::move(separator);
    root->children[0] = root_;
    root->children[1] = right;
    root->count = 2;
    root_ = root;
    return;
  }
  Inner* parent = path.inner[level - 1];
  std::size_t at = path.child[level - 1];
  if (parent->count == kInnerFanout) {
    Inner* sibling = spares.take();
    sibling->skip = parent->skip;
    std::memcpy(sibling->prefix, parent->prefix, kMaxSkip);
    // As with leaves, children that arrive in order at the tree's edge fill the full node's
    // neighbour instead of halving the node: at the end the new child starts a node of its own.
    if (at + 1 == kInnerFanout && path.on_edge(level, true)) {
      sibling->children[0] = right;
      sibling->count = 1;
      add_child(path, level - 1, std::move(separator), sibling, spares);
      return;
    }
    // Else the children from `keep` on move to the sibling, and the separator before them moves
    // up; at the start only the first child stays.
    const std::size_t keep = at == 0 && path.on_edge(level, false) ? 1 : kInnerFanout / 2;
    StoredItem up = std::move(*parent->separators[keep - 1]);
    parent->separators[keep - 1].reset();
    for (std::size_t i = keep; i + 1 < kInnerFanout; ++i) {
      sibling->heads[i - keep] = parent->heads[i];
      sibling->separators[i - keep] = std::move(parent->separators[i]);
      parent->separators[i].reset();
    }
    std::copy(parent->children + keep, parent->children + kInnerFanout, sibling->children);
    sibling->count = static_cast<uint16_t>(kInnerFanout - keep);
    parent->count = static_cast<uint16_t>(keep);
    parent->reprefix();
    sibling->reprefix();
    add_child(path, level - 1, std::move(up), sibling, spares);
    if (at >= keep) {
      parent = sibling;
      at -= keep;
    }
  }
  parent->insert(at, std::move(separator), right);
}

std::optional<StoredItem> EntryTree::remove(const KeyParts& key) {
  if (root_ == nullptr) return std::nullopt;
  Path path;
  Leaf* leaf = descend<true>(key, &path);
  uint32_t index = leaf->entries_before<true>(key);
  if (index == 0 || compare(leaf->items()[index - 1], key) != 0) return std::nullopt;
  --index;
  uint64_t* heads = leaf->heads();
  StoredItem* items = leaf->items();
  std::optional<StoredItem> old(std::move(items[index]));
  std::move(items + index + 1, items + leaf->count, items + index);
  std::destroy_at(items + leaf->count - 1);
  std::copy(heads + index + 1, heads + leaf->count, heads + index);
  --leaf->count;
  rebalance_leaf(leaf, path);
  return old;
}

void EntryTree::rebalance_leaf(Leaf* leaf, Path& path) {
  if (path.depth == 0) {
    if (leaf->count == 0) {
      Leaf::free(leaf);
      root_ = nullptr;
    } else if (leaf->count <= leaf->capacity / 4) {
      // A partition that shrank gives back most of its leaf, keeping room to grow by as much;
      // without the memory for the smaller leaf it keeps the larger one.
      try {
        reallocate(leaf, *std::lower_bound(kLeafSteps.begin(), kLeafSteps.end(), 2 * leaf->count),
                   path)
            ->reprefix();
      } catch (const std::bad_alloc&) {
      }
    }
    return;
  }
  if (leaf->count >= kLeafCapacity / 4) return;
  Inner* parent = path.inner[path.depth - 1];
  uint32_t& at = path.child[path.depth - 1];
  Leaf* gone = nullptr;
  if (leaf->count == 0) {
    gone = leaf;
  } else if (auto* left = at > 0 ? static_cast<Leaf*>(parent->children[at - 1]) : nullptr;
             left != nullptr && left->count + leaf->count <= left->capacity) {
    left->reskip_with(*leaf, left->heads(), left->count, leaf->heads(), leaf->count);
    left->append_tail(*leaf, 0);
    left->reprefix();
    gone = leaf;
  } else if (auto* right =
                 at + 1 < parent->count ? static_cast<Leaf*>(parent->children[at + 1]) : nullptr;
             right != nullptr && leaf->count + right->count <= leaf->capacity) {
    leaf->reskip_with(*right, leaf->heads(), leaf->count, right->heads(), right->count);
    leaf->append_tail(*right, 0);
    leaf->reprefix();
    gone = right;
    ++at;
  }
  if (gone == nullptr) return;
  if (gone->prev != nullptr) gone->prev->next = gone->next;
  if (gone->next != nullptr) gone->next->prev = gone->prev;
  Leaf::free(gone);
  parent->erase(at);
  rebalance_inner(path, path.depth - 1);
}

void EntryTree::rebalance_inner(Path& path, std::size_t level) {
  Inner* inner = path.inner[level];
  if (level == 0) {
    // The root: while it has a single child, the child takes its place.
    Node* node = inner;
    while (node != nullptr && !node->leaf && node->count <= 1) {
      auto* root = static_cast<Inner*>(node);
      node = root->count == 1 ? root->children[0] : nullptr;
      delete root;
    }
    root_ = node;
    return;
  }
  if (inner->count >= kInnerFanout / 4) return;
  Inner* parent = path.inner[level - 1];
  uint32_t& at = path.child[level - 1];
  Inner* gone = nullptr;
  if (inner->count == 0) {
    gone = inner;
  } else if (auto* left = at > 0 ? static_cast<Inner*>(parent->children[at - 1]) : nullptr;
             left != nullptr && left->count + inner->count <= kInnerFanout) {
    left->append(std::move(*parent->separators[at - 1]), *inner);
    left->reprefix();
    gone = inner;
  } else if (auto* right =
                 at + 1 < parent->count ? static_cast<Inner*>(parent->children[at + 1]) : nullptr;
             right != nullptr && inner->count + right->count <= kInnerFanout) {
    inner->append(std::move(*parent->separators[at]), *right);
    inner->reprefix();
    gone = right;
    ++at;
  }
  if (gone == nullptr) return;
  delete gone;
  parent->erase(at);
  rebalance_inner(path, level - 1);
}

std::string EntryTree::broken_invariant() const {
  if (root_ == nullptr) return {};
  std::vector<const Leaf*> leaves;
  std::size_t leaf_depth = SIZE_MAX;
  // Checks the subtree under `node`, whose keys must lie in [lower, upper) (nullptr: unbounded).
  const auto check = [&](const auto& self, const Node* node, const StoredItem* lower,
                         const StoredItem* upper, std::size_t depth) -> std::string {
    const auto in_node = [node](const StoredItem& key, uint64_t head) -> std::string {
      const std::string_view first = key.key_part(0);
      if (first.size() < node->skip ||
          first.substr(0, node->skip) != std::string_view(node->prefix, node->skip)) {
        return "a key does not start with its node's shared bytes";
      }
      if (head != head_at(first, node->skip)) return "a head does not match its key";
      return {};
    };
    const auto ordered = [](const StoredItem& low, const StoredItem& high) {
      return compare(low, KeyParts(high)) < 0;
    };
    const auto in_bounds = [&](const StoredItem& key) {
      return (lower == nullptr || !ordered(key, *lower)) &&
             (upper == nullptr || ordered(key, *upper));
    };
    if (node->leaf) {
      const auto* leaf = static_cast<const Leaf*>(node);
      if (leaf->count == 0 || leaf->count > leaf->capacity) return "a leaf's count is out of range";
      if (std::find(kLeafSteps.begin(), kLeafSteps.end(), leaf->capacity) == kLeafSteps.end()) {
        return "a leaf's capacity is not a step";
      }
      if (leaf_depth == SIZE_MAX) leaf_depth = depth;
      if (depth != leaf_depth) return "leaves at different depths";
      for (std::size_t i = 0; i < leaf->count; ++i) {
        const StoredItem& key = leaf->items()[i];
        if (std::string problem = in_node(key, leaf->heads()[i]); !problem.empty()) return problem;
        if (!in_bounds(key)) return "an entry lies outside its separators";
        if (i > 0 && !ordered(leaf->items()[i - 1], key))
          return "a leaf's entries are out of order";
      }
      leaves.push_back(leaf);
      return {};
    }
    const auto* inner = static_cast<const Inner*>(node);
    if (inner->count == 0 || (inner == root_ && inner->count < 2) || inner->count > kInnerFanout) {
      return "an inner node's count is out of range";
    }
    for (std::size_t i = 0; i + 1 < kInnerFanout; ++i) {
      if (inner->separators[i].has_value() != (i + 1 < inner->count)) {
        return "an inner node's separators do not match its children";
      }
    }
    for (std::size_t i = 0; i + 1 < inner->count; ++i) {
      const StoredItem& key = *inner->separators[i];
      if (std::string problem = in_node(key, inner->heads[i]); !problem.empty()) return problem;
      if (!in_bounds(key)) return "a separator lies outside its parent's separators";
      if (i > 0 && !ordered(*inner->separators[i - 1], key)) return "separators are out of order";
    }
    for (std::size_t i = 0; i < inner->count; ++i) {
      const StoredItem* low = i > 0 ? &*inner->separators[i - 1] : lower;
      const StoredItem* high = i + 1 < inner->count ? &*inner->separators[i] : upper;
      if (std::string problem = self(self, inner->children[i], low, high, depth + 1);
          !problem.empty()) {
        return problem;
      }
    }
    return {};
  };
  if (std::string problem = check(check, root_, nullptr, nullptr, 0); !problem.empty()) {
    return problem;
  }
  for (std::size_t i = 0; i < leaves.size(); ++i) {
    if (leaves[i]->prev != (i > 0 ? leaves[i - 1] : nullptr) ||
        leaves[i]->next != (i + 1 < leaves.size() ? leaves[i + 1] : nullptr)) {
      return "the leaves' links do not follow the tree's order";
    }
  }
  return {};
}

}  // namespace ddb::engine
