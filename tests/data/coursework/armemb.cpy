* a member copied by macro M
         DC    C'M'
