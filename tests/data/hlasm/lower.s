         title 'lower -- lower case, continuations and listing control'
*---------------------------------------------------------------------
* lower: the same assembler language in lower case, as many students
* type it, with remarks in odd places, continued statements, and the
* listing controls (title, print, space, eject).
*---------------------------------------------------------------------
         print nogen
         print on,data
lower    csect
         using lower,15
         stm   14,12,12(13)        remark after the operands
         la    2,table
         la    3,tabn               remark with    several   blanks
         sr    4,4
add      ah    4,0(,2)  a remark right after the operand
         la    2,2(,2)
         bct   3,add
         st    4,sum
         space 2
*        a comment between statements
         clc   sum,=f'21'
         bne   bad
         mvc   msg(l'ok),ok
         lm    14,12,12(13)
         sr    15,15
         br    14
bad      mvc   msg(l'notok),notok
         lm    14,12,12(13)
         la    15,8
         br    14
         eject
table    dc    h'1',h'2',h'3',                                         x
               h'4',h'5',h'6'
tabn     equ   (*-table)/2
sum      ds    f
msg      dc    cl8' '
ok       dc    c'ok'
notok    dc    c'Not OK'
longc    dc    c'a constant that is so long that it has to be continuedx
               on a second line'
lits     dc    a(table,                                                x
               sum,                                                    x
               msg)
         ltorg
         end   lower
