# cmake -DCONFIG_VERSION=.../rapidutfConfigVersion.cmake -DREQUEST=X.Y.Z
#       -P version-check.cmake
# prints "compatible" or "incompatible": what the installed version file
# answers to find_package(rapidutf X.Y.Z) from a 64-bit build.
string(REPLACE "." ";" parts "${REQUEST}")
list(GET parts 0 PACKAGE_FIND_VERSION_MAJOR)
list(GET parts 1 PACKAGE_FIND_VERSION_MINOR)
list(GET parts 2 PACKAGE_FIND_VERSION_PATCH)
set(PACKAGE_FIND_VERSION "${REQUEST}")
set(CMAKE_SIZEOF_VOID_P 8)
include("${CONFIG_VERSION}")
if(PACKAGE_VERSION_COMPATIBLE AND NOT PACKAGE_VERSION_UNSUITABLE)
  message("compatible")
else()
  message("incompatible")
endif()
