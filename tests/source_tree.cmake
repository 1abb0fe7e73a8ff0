# source_tree.cmake — no test writes into the source tree
# (source_tree_test.sh): source_tree_before notes the tree's state before
# any test runs, source_tree_clean compares it after every one has run.
# Both are the fixture rv_source_tree, which every test of a folder requires:
# rv_require_clean_tree runs at the end of each folder's CMakeLists.txt
# (deferred), so a test added anywhere in it, later too, is between the two,
# and `ctest -R NAME` runs them around NAME as well.
set(RV_TREE_STATE ${CMAKE_BINARY_DIR}/source_tree_before.txt)
add_test(NAME source_tree_before
         COMMAND ${CMAKE_CURRENT_LIST_DIR}/source_tree_test.sh --before ${CMAKE_SOURCE_DIR} ${RV_TREE_STATE})
add_test(NAME source_tree_clean
         COMMAND ${CMAKE_CURRENT_LIST_DIR}/source_tree_test.sh --after ${CMAKE_SOURCE_DIR} ${RV_TREE_STATE})
set_tests_properties(source_tree_before PROPERTIES FIXTURES_SETUP rv_source_tree SKIP_RETURN_CODE 77)
set_tests_properties(source_tree_clean PROPERTIES FIXTURES_CLEANUP rv_source_tree SKIP_RETURN_CODE 77)

# Every test of the folder being processed, but the two, requires the fixture.
function(rv_require_clean_tree)
  get_property(tests DIRECTORY PROPERTY TESTS)
  list(REMOVE_ITEM tests source_tree_before source_tree_clean)
  if(tests)
    set_property(TEST ${tests} APPEND PROPERTY FIXTURES_REQUIRED rv_source_tree)
  endif()
endfunction()
