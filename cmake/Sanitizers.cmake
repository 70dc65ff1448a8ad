# SUDOFORGE_SANITIZE=address,undefined or thread instruments every project target.
if(SUDOFORGE_SANITIZE)
  add_compile_options(-fsanitize=${SUDOFORGE_SANITIZE} -fno-omit-frame-pointer -fno-sanitize-recover=all)
  add_link_options(-fsanitize=${SUDOFORGE_SANITIZE})
endif()
