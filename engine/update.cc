#include "engine/update.h"

#include <algorithm>
#include <cstddef>
#include <iterator>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/document_path.h"
#include "engine/error.h"
#include "engine/update_messages.h"

namespace ddb::engine {

namespace {

[[noreturn]] void fail(const char* message) { throw Error::validation(message); }

template <typename Member>
std::vector<Member> set_union(const std::vector<Member>& a, const std::vector<Member>& b) {
  std::vector<Member> out;
  out.reserve(a.size() + b.size());
  std::set_union(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out));
  return out;
}

template <typename Member>
std::vector<Member> set_difference(const std::vector<Member>& a, const std::vector<Member>& b) {
  std::vector<Member> out;
  std::set_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out));
  return out;
}

// What ADD stores where there is no value yet: the number as if added to 0, the set as if added
// to an empty set. A list is accepted for the legacy AttributeUpdates ADD, which appends to lists
// (scylladb test_item.py, test_update_item_add); protocol rejects lists in an UpdateExpression.
AttributeValue add_to_nothing(const AttributeValue& value) {
  switch (value.type()) {
    case Type::N:
    case Type::SS:
    case Type::NS:
    case Type::BS:
    case Type::L:
      return value;
    default:
      fail(kIncorrectDataTypeMessage);
  }
}

// ADD `value` to the existing `current`: numbers add exactly (Number::add throws DynamoDB's
// overflow messages), sets of one type unite, lists append. Any other pairing is DynamoDB's
// incorrect-data-type error (scylladb test_update_expression_add_numbers, _add_lists).
AttributeValue add(const AttributeValue& current, const AttributeValue& value) {
  if (current.type() != value.type()) fail(kIncorrectDataTypeMessage);
  switch (value.type()) {
    case Type::N:
      return AttributeValue::number(Number::add(current.as_number(), value.as_number()));
    case Type::SS:
      return AttributeValue::string_set(set_union(current.as_string_set(), value.as_string_set()));
    case Type::NS:
      return AttributeValue::number_set(set_union(current.as_number_set(), value.as_number_set()));
    case Type::BS:
      return AttributeValue::binary_set(set_union(current.as_binary_set(), value.as_binary_set()));
    case Type::L: {
      List list = current.as_list();
      list.insert(list.end(), value.as_list().begin(), value.as_list().end());
      return AttributeValue::list(std::move(list));
    }
    default:
      fail(kIncorrectDataTypeMessage);
  }
}

// DELETE `value`'s members from the set `current`; std::nullopt when none remain (DynamoDB has no
// empty sets, so the attribute goes away: scylladb test_update_expression_delete_sets).
std::optional<AttributeValue> remove_members(const AttributeValue& current,
                                             const AttributeValue& value) {
  if (current.type() != value.type()) fail(kIncorrectDataTypeMessage);
  std::optional<AttributeValue> rest;
  switch (value.type()) {
    case Type::SS: {
      auto members = set_difference(current.as_string_set(), value.as_string_set());
      if (!members.empty()) rest = AttributeValue::string_set(std::move(members));
      break;
    }
    case Type::NS: {
      auto members = set_difference(current.as_number_set(), value.as_number_set());
      if (!members.empty()) rest = AttributeValue::number_set(std::move(members));
      break;
    }
    case Type::BS: {
      auto members = set_difference(current.as_binary_set(), value.as_binary_set());
      if (!members.empty()) rest = AttributeValue::binary_set(std::move(members));
      break;
    }
    default:
      fail(kIncorrectDataTypeMessage);
  }
  return rest;
}

// A list change that waits until every in-place change is made, so that every index in the
// expression refers to the list as it was.
struct Deferred {
  const DocumentPath* path;
  std::optional<AttributeValue> value;  // an append's value; empty for a removal
};

// Applies UpdateExpression actions to a copy of the item. Indexes in every path refer to the
// lists as they were before the update (scylladb test_update_expression_nested_remove_list_item_
// original_number: `REMOVE a[1] SET a[3] = :v` on [2,3,4,5,6,7] gives [2,4,:v,6,7]). So actions
// run in three passes that never move an element another action still has to find:
//   1. in place, in order: map keys, top-level attributes, list elements that exist;
//   2. appends (SET or ADD on an index past the end) in path order, so elements set in one
//      expression land in index order (the Developer Guide, "Update expressions": "the elements
//      are sorted in order by element number");
//   3. removals of list elements in reverse path order, so removing one element never shifts an
//      element that is still to be removed, nor one that a later removal's path goes through.
class Updater {
 public:
  Updater(const Item& item, bool item_exists) : result_(item), item_exists_(item_exists) {}

  void set(const UpdateAction& action, AttributeValue value) {
    const PathParent parent = parent_for_write(action.path);
    if (parent.map != nullptr) {
      parent.map->insert_or_assign(action.path.back().name, std::move(value));
    } else if (uint32_t index = action.path.back().index; index < parent.list->size()) {
      (*parent.list)[index] = std::move(value);
    } else {
      // "If the element doesn't already exist, SET appends the new element at the end of the
      // list" (Developer Guide, "Update expressions").
      deferred_appends_.push_back({&action.path, std::move(value)});
    }
  }

  void remove(const UpdateAction& action) {
    const PathParent parent = parent_for_removal(action.path);
    if (parent.map != nullptr) {
      parent.map->erase(action.path.back().name);
    } else if (parent.list != nullptr && action.path.back().index < parent.list->size()) {
      deferred_removals_.push_back({&action.path, std::nullopt});
    }
    // A missing last step is not an error (scylladb test_nested_attribute_remove_missing_leaf).
  }

  void add(const UpdateAction& action, const AttributeValue& value) {
    const PathParent parent = parent_for_write(action.path);
    if (AttributeValue* current = existing(parent, action.path.back())) {
      *current = engine::add(*current, value);
    } else if (parent.map != nullptr) {
      parent.map->insert_or_assign(action.path.back().name, add_to_nothing(value));
    } else {
      deferred_appends_.push_back({&action.path, add_to_nothing(value)});
    }
  }

  void remove_members(const UpdateAction& action, const AttributeValue& value) {
    const PathParent parent = parent_for_removal(action.path);
    AttributeValue* current = existing(parent, action.path.back());
    // Deleting from a missing attribute does nothing (scylladb test_update_expression_delete_sets).
    if (current == nullptr) return;
    std::optional<AttributeValue> rest = engine::remove_members(*current, value);
    if (rest) {
      *current = std::move(*rest);
    } else if (parent.map != nullptr) {
      parent.map->erase(action.path.back().name);
    } else {
      deferred_removals_.push_back({&action.path, std::nullopt});
    }
  }

  Item finish() && {
    std::stable_sort(
        deferred_appends_.begin(), deferred_appends_.end(),
        [](const Deferred& a, const Deferred& b) { return compare_paths(*a.path, *b.path) < 0; });
    // The parents were found in pass 1; an action that overlaps them (which protocol rejects)
    // may have removed one since.
    for (Deferred& append : deferred_appends_) {
      if (List* list = find_parent(result_, *append.path).list) {
        list->push_back(std::move(*append.value));
      }
    }
    std::stable_sort(
        deferred_removals_.begin(), deferred_removals_.end(),
        [](const Deferred& a, const Deferred& b) { return compare_paths(*a.path, *b.path) > 0; });
    const DocumentPath* previous = nullptr;
    for (const Deferred& removal : deferred_removals_) {
      // The same element named twice is removed once.
      if (previous != nullptr && compare_paths(*previous, *removal.path) == 0) continue;
      previous = removal.path;
      List* list = find_parent(result_, *removal.path).list;
      if (list != nullptr && removal.path->back().index < list->size()) {
        list->erase(list->begin() + removal.path->back().index);
      }
    }
    return std::move(result_);
  }

 private:
  static AttributeValue* existing(const PathParent& parent, const PathStep& last) {
    if (parent.map != nullptr) {
      auto it = parent.map->find(last.name);
      return it == parent.map->end() ? nullptr : &it->second;
    }
    if (parent.list != nullptr && last.index < parent.list->size()) {
      return &(*parent.list)[last.index];
    }
    return nullptr;
  }

  // SET and ADD need the path's parent to exist with the right type; DynamoDB creates no
  // intermediate maps or lists (scylladb test_nested_attribute_update_bad_path_dot, _array).
  PathParent parent_for_write(const DocumentPath& path) {
    const PathParent parent = find_parent(result_, path);
    if (!parent.found()) fail(kInvalidDocumentPathMessage);
    return parent;
  }

  // REMOVE (and DELETE) through a missing or mistyped parent is the same error, except in an item
  // that does not exist yet, where DynamoDB ignores it (scylladb test_nested_attribute_remove_
  // from_missing_item, an xfail there because DynamoDB accepts it).
  PathParent parent_for_removal(const DocumentPath& path) {
    const PathParent parent = find_parent(result_, path);
    if (!parent.found() && item_exists_) fail(kInvalidDocumentPathMessage);
    return parent;
  }

  Item result_;
  bool item_exists_;
  std::vector<Deferred> deferred_appends_;
  std::vector<Deferred> deferred_removals_;
};

}  // namespace

Item apply_update(const Item& item, const std::vector<UpdateAction>& actions, bool item_exists) {
  // Every SET value reads the item as it was, before any action applies (scylladb
  // test_update_expression_set_copy: `SET x = :v, y = x` fails when x did not exist before).
  std::vector<std::optional<AttributeValue>> values(actions.size());
  for (std::size_t i = 0; i < actions.size(); ++i) {
    if (actions[i].kind == UpdateAction::Kind::Remove) continue;
    values[i] = evaluate(actions[i].value, item);
    if (!values[i]) fail(kMissingAttributeMessage);
  }
  Updater updater(item, item_exists);
  for (std::size_t i = 0; i < actions.size(); ++i) {
    const UpdateAction& action = actions[i];
    switch (action.kind) {
      case UpdateAction::Kind::Set:
        updater.set(action, std::move(*values[i]));
        break;
      case UpdateAction::Kind::Remove:
        updater.remove(action);
        break;
      case UpdateAction::Kind::Add:
        updater.add(action, *values[i]);
        break;
      case UpdateAction::Kind::Delete:
        updater.remove_members(action, *values[i]);
        break;
    }
  }
  return std::move(updater).finish();
}

}  // namespace ddb::engine
